#if canImport(UIKit) && !os(watchOS)
// README: begin ios-collection
import RowDiffUIKit
import UIKit

struct Album: Sendable {
    var id: String
    var title: String
    var photos: [String]
}

final class PhotoCell: UICollectionViewCell, ReusableView {
    let caption = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        caption.frame = contentView.bounds
        caption.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(caption)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentView.addSubview(caption)
    }
}

/// A section header: a supplementary view registered and configured from its type, like cells.
final class AlbumHeader: UICollectionReusableView, ReusableView {
    let title = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        title.frame = bounds
        title.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(title)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(title)
    }
}

final class AlbumsViewController: UICollectionViewController {
    private lazy var list = ListController<KeyedSection>(collectionView: collectionView)
    private var albums = [
        Album(id: "trip", title: "Trip", photos: ["Harbour", "Lighthouse"]),
        Album(id: "home", title: "Home", photos: ["Garden"]),
    ]

    init() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 120)
        layout.headerReferenceSize = CGSize(width: 0, height: 44) // the layout asks for headers
        super.init(collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        render()
    }

    private func render() {
        list.render(
            albums.map { album in
                KeyedSection(
                    key: album.id,
                    rows: album.photos.map { photo in
                        // Keys are unique across the list (a photo is in one album), so a photo that
                        // changes album animates as one move.
                        KeyedRow(key: photo, cell: PhotoCell.self, state: photo) { cell, caption in
                            cell.caption.text = caption
                        }
                    },
                    header: Supplementary(view: AlbumHeader.self, state: album.title) { header, title in
                        header.title.text = title
                    })
            })
    }

    /// Moving a photo is one `render`: RowDiff animates it as a single cross-section move.
    func move(photo: String, from source: String, to destination: String) {
        guard let from = albums.firstIndex(where: { $0.id == source }),
            let to = albums.firstIndex(where: { $0.id == destination })
        else { return }
        albums[from].photos.removeAll { $0 == photo }
        albums[to].photos.append(photo)
        render()
    }
}
// README: end ios-collection
#endif
