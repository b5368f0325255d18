import Flipbook
import FlipbookGallery

/// The preview's page: a card per scene with its frame, a scrubber over its play time, the
/// time shown and a play button. Moving the scrubber asks the server for that frame; while
/// one is loading, only the latest time asked waits. `?only=NAME` shows one scene and
/// `?t=SECONDS` starts every scrubber at that time.
enum PreviewPage {
    static func html(scenes: [(scene: GalleryScene, duration: Double)]) -> String {
        let cards = scenes.map { scene, duration in
            let name = GalleryPage.escape(scene.name)
            let controls = duration > 0 ? """
                <div class="controls"><button class="play" title="Play">▶</button>
                <input type="range" class="scrub" min="0" max="\(duration)" step="0.01" value="0">
                <span class="time">0.00 s</span></div>
                """ : "<div class=\"controls\"><span class=\"time\">still</span></div>"
            return """
                <div class="card" data-scene="\(name)" data-duration="\(duration)">
                <img alt="\(name)" src="/frame/\(name)?t=0">
                \(controls)
                <h2>\(GalleryPage.escape(scene.title))</h2><p>\(GalleryPage.escape(scene.summary))</p>
                <p><code>\(name)</code></p></div>
                """
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Flipbook preview</title>
            <style>\(GalleryPage.style)
            .controls { display: flex; align-items: center; gap: 0.5rem; margin-bottom: 0.5rem; }
            .controls input { flex: 1; }
            .controls .time { font: 0.8rem ui-monospace, monospace; min-width: 4.5em; text-align: right; }
            </style></head>
            <body><h1>Flipbook preview</h1>
            <p>Every frame is rendered by the server when you ask for it: scrub, or press play.</p>
            <div class="grid">
            \(cards.joined(separator: "\n"))
            </div>
            <script>
            \(script)
            </script></body></html>

            """
    }

    /// Scrubbing, playing, and the `only` and `t` parameters.
    static let script = """
        const query = new URLSearchParams(location.search);
        for (const card of document.querySelectorAll('.card')) {
          if (query.has('only') && card.dataset.scene !== query.get('only')) { card.remove(); continue; }
          const image = card.querySelector('img'), scrub = card.querySelector('.scrub');
          const label = card.querySelector('.time'), play = card.querySelector('.play');
          if (!scrub) continue;
          const duration = Number(card.dataset.duration);
          let loading = false, waiting = null, playing = false;
          const show = (t) => {
            scrub.value = t;
            label.textContent = Number(t).toFixed(2) + ' s';
            if (loading) { waiting = t; return; }
            loading = true;
            image.src = '/frame/' + encodeURIComponent(card.dataset.scene) + '?t=' + Number(t).toFixed(3);
          };
          image.addEventListener('load', () => {
            loading = false;
            if (waiting !== null) { const t = waiting; waiting = null; show(t); }
            else if (playing) { show((Number(scrub.value) + 0.05) % duration); }
          });
          scrub.addEventListener('input', () => show(scrub.value));
          play.addEventListener('click', () => {
            playing = !playing;
            play.textContent = playing ? '❚❚' : '▶';
            if (playing) show(scrub.value);
          });
          if (query.has('t')) show(Math.min(Number(query.get('t')) || 0, duration));
        }
        """
}
