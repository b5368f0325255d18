import Flipbook

/// `flipbook-bench ui`: a window of 500 views placed by about 2,000 constraints (50 rows
/// of 10 cells, each cell tied to its neighbours and the rows to each other), whose
/// container changes width every frame so that every frame re-solves the constraints and
/// moves all 500 views. Reports, per frame (median), the layout and commit of the host's
/// tick beside the render of the window at its screen's scale, and the first layout (all
/// constraints added to the solver).
enum UIBenchmark {
    @MainActor
    static func run(frames: Int) throws {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: UIScreen.main.bounds)
        let container = UIView()
        container.translatesAutoresizingMaskIntoConstraints = false
        container.backgroundColor = .systemGray6
        window.addSubview(container)
        let leading = container.leadingAnchor.constraint(equalTo: window.leadingAnchor)
        var constraints = [leading, container.trailingAnchor.constraint(equalTo: window.trailingAnchor),
                           container.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
                           container.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -20)]
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemBlue]
        var rowAbove: UIView?
        var first: UIView?
        for row in 0..<50 {
            var left: UIView?
            for column in 0..<10 {
                let cell = UIView()
                cell.translatesAutoresizingMaskIntoConstraints = false
                cell.backgroundColor = colors[(row + column) % colors.count]
                cell.layer.cornerRadius = 2
                container.addSubview(cell)
                constraints.append(cell.leadingAnchor.constraint(equalTo: left?.trailingAnchor ?? container.leadingAnchor, constant: 2))
                constraints.append(cell.topAnchor.constraint(equalTo: rowAbove?.bottomAnchor ?? container.topAnchor, constant: 2))
                if let first {
                    constraints.append(cell.widthAnchor.constraint(equalTo: first.widthAnchor))
                    constraints.append(cell.heightAnchor.constraint(equalTo: first.heightAnchor))
                } else {
                    first = cell
                }
                if column == 9 { constraints.append(cell.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -2)) }
                if row == 49, column == 0 {
                    constraints.append(cell.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -2))
                }
                left = cell
                if column == 0 { rowAbove = cell }
            }
        }
        NSLayoutConstraint.activate(constraints)
        window.makeKeyAndVisible()
        let start = DispatchTime.now().uptimeNanoseconds
        AnimationHost.shared.tick()
        let firstLayout = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let renderer = CARenderer(layer: window.layer, bounds: window.bounds, scale: window.screen.scale)
        print("ui: \(container.subviews.count) views, \(constraints.count) constraints, window \(Int(window.bounds.width))×\(Int(window.bounds.height)) at \(Int(window.screen.scale))×")
        print(String(format: "  first layout (every constraint added, solved, frames set): %.2f ms", firstLayout))
        var time = 0.0
        let layout = try RenderBenchmark.perFrame(frames) { index in
            leading.constant = CGFloat(index % 40)
            time += 1.0 / 60
            MediaClock.shared.setManual(time)
            AnimationHost.shared.tick()
        }
        let render = try RenderBenchmark.perFrame(frames) { _ in _ = try renderer.render(at: time) }
        print(String(format: "  per frame: layout + commit %.3f ms, render %.2f ms: layout + commit is %.1f%% of the render",
                     layout, render, 100 * layout / render))
    }
}
