import RowDiffTesting
import Testing

@testable import RowDiffDataSources

/// `releasesReplacedStateInBackground` reads what the app chose (nil: nothing), and each context
/// applies its own default to nil, as documented.
@MainActor
@Suite struct RenderOptionsDefaultsTests {
    @Test func releaseChoice_readsNilUntilSet_andEachContextAppliesItsDefault() {
        #expect(RenderOptions().releasesReplacedStateInBackground == nil)
        #expect(ListRenderer<KeyedSection>().releasesInBackground) // a bare renderer: on
        // An owner: as the platform says (on here, on Linux, as from iOS and tvOS 17).
        #expect(
            ListController<KeyedSection>(host: StandInTableView()).renderer.releasesInBackground
                == ListRenderer<KeyedSection>.ownerReleasesInBackgroundByDefault)
        #if !canImport(UIKit) && !canImport(AppKit)
        #expect(ListRenderer<KeyedSection>.ownerReleasesInBackgroundByDefault)
        #endif
        let mainThread = ListController<KeyedSection>(
            host: StandInTableView(), options: RenderOptions(releasesReplacedStateInBackground: false))
        #expect(!mainThread.renderer.releasesInBackground)
        let (updater, _) = makeUpdater(PeopleScreen([]))
        #expect(updater.owner.renderer.releasesInBackground) // the SwiftUI path: on
        let chosen = ListController<KeyedSection>(
            host: StandInTableView(), options: RenderOptions(releasesReplacedStateInBackground: true))
        #expect(chosen.renderer.releasesInBackground && chosen.renderer.options.releasesReplacedStateInBackground == true)
    }
}
