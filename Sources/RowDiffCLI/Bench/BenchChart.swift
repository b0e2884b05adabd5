import Foundation

/// A grouped bar chart of a `BenchReport` as a self-contained SVG: one group per workload, one
/// bar per engine, median time on a log scale (min–max as a whisker), engines that did not run
/// marked in place. Written by hand: no dependency, and the file diffs cleanly.
enum BenchChart {
    static let colors: [BenchEngine: String] = [
        .core: "#1b7837", .typed: "#2166ac", .dictionary: "#d6604d", .stdlib: "#8073ac",
    ]

    static func svg(_ report: BenchReport) -> String {
        let engines = BenchEngine.allCases
        let barWidth = 14.0, barGap = 2.0, groupGap = 26.0
        let groupWidth = Double(engines.count) * (barWidth + barGap) - barGap
        let left = 70.0, top = 70.0, plotHeight = 320.0, bottom = 120.0
        let width = left + Double(report.workloads.count) * (groupWidth + groupGap) + 20
        let height = top + plotHeight + bottom

        // Decades spanning every measured time (min to max).
        let times = report.workloads.flatMap { $0.engines.flatMap { [$0.minMs, $0.maxMs].compactMap { $0 } } }.filter { $0 > 0 }
        let low = floor(log10(times.min() ?? 0.01)), high = max(low + 1, ceil(log10(times.max() ?? 1000)))
        func y(_ ms: Double) -> Double { top + plotHeight * (1 - (log10(max(ms, pow(10, low))) - low) / (high - low)) }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(left))" y="22" font-size="15" font-weight="bold">rowdiff bench: median time per workload (log scale, lower is better)</text>
            <text x="\(f(left))" y="40">\(escape(report.machine.description)) · \(escape(report.date)) · \(report.build) build · \
            \(report.timedRuns) timed runs\(report.scale == 1 ? "" : " · scale \(report.scale)") · whiskers: min–max</text>

            """
        // Legend.
        var legendX = left
        for engine in engines {
            svg += "<rect x=\"\(f(legendX))\" y=\"50\" width=\"10\" height=\"10\" fill=\"\(colors[engine]!)\"/>"
            svg += "<text x=\"\(f(legendX + 14))\" y=\"59\">\(escape(engine.label))</text>\n"
            legendX += 150
        }
        // Axis with one gridline per decade.
        for decade in Int(low)...Int(high) {
            let value = pow(10, Double(decade)), lineY = y(value)
            svg += "<line x1=\"\(f(left))\" x2=\"\(f(width - 20))\" y1=\"\(f(lineY))\" y2=\"\(f(lineY))\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(lineY + 4))\" text-anchor=\"end\">\(label(ms: value))</text>\n"
        }
        svg += "<text transform=\"translate(16 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">time</text>\n"

        for (g, workload) in report.workloads.enumerated() {
            let groupX = left + 10 + Double(g) * (groupWidth + groupGap)
            for (b, engine) in engines.enumerated() {
                let x = groupX + Double(b) * (barWidth + barGap)
                guard let result = workload.engines.first(where: { $0.engine == engine.rawValue }) else { continue }
                guard let median = result.medianMs else {
                    // Not run: a hollow marker at the floor, explained in the tooltip.
                    svg +=
                        "<text x=\"\(f(x + barWidth / 2))\" y=\"\(f(top + plotHeight - 4))\" text-anchor=\"middle\" "
                        + "fill=\"#999\"><title>\(escape(engine.label)): \(escape(result.skipped ?? "not run"))</title>×</text>\n"
                    continue
                }
                let barTop = y(median)
                svg +=
                    "<rect x=\"\(f(x))\" y=\"\(f(barTop))\" width=\"\(f(barWidth))\" height=\"\(f(top + plotHeight - barTop))\" "
                    + "fill=\"\(colors[engine]!)\"><title>\(escape(engine.label)) on \(escape(workload.name)): median "
                    + "\(label(ms: median)), moves \(result.moves ?? 0) (minimum \(workload.minimumMoves))</title></rect>\n"
                if let minMs = result.minMs, let maxMs = result.maxMs {
                    svg +=
                        "<line x1=\"\(f(x + barWidth / 2))\" x2=\"\(f(x + barWidth / 2))\" y1=\"\(f(y(minMs)))\" "
                        + "y2=\"\(f(y(maxMs)))\" stroke=\"black\" stroke-width=\"1\"/>\n"
                }
            }
            let labelX = groupX + groupWidth / 2, labelY = top + plotHeight + 12
            svg += "<text transform=\"translate(\(f(labelX)) \(f(labelY))) rotate(40)\">\(escape(workload.name))</text>\n"
        }
        svg +=
            "<line x1=\"\(f(left))\" x2=\"\(f(width - 20))\" y1=\"\(f(top + plotHeight))\" y2=\"\(f(top + plotHeight))\" stroke=\"black\"/>\n"
        svg +=
            "<text x=\"\(f(left))\" y=\"\(f(height - 10))\" fill=\"#666\">× = not run (hover for the reason: too slow, or a flat-only engine on a sectioned workload)</text>\n"
        svg += "</svg>\n"
        return svg
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func label(ms: Double) -> String {
        if ms >= 1000 { return String(format: "%g s", ms / 1000) }
        if ms >= 1 { return String(format: "%g ms", ms) }
        return String(format: "%g µs", ms * 1000)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
