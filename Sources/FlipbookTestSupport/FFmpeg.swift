import FlipbookGraphics
import Foundation

/// ffmpeg and ffprobe as independent decoders of what Flipbook writes.
public enum FFmpeg {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every frame of a GIF, APNG or video as ffmpeg decodes it (one per stored frame).
    public static func decodeFrames(of url: URL, width: Int, height: Int) throws -> [CGImage] {
        let bytes = try run("ffmpeg", ["-v", "error", "-i", url.path, "-fps_mode", "passthrough",
                                       "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let frameSize = width * height * 4
        guard frameSize > 0, bytes.count % frameSize == 0 else {
            throw Failure(description: "ffmpeg gave \(bytes.count) bytes, not a whole number of \(width)×\(height) frames")
        }
        return try stride(from: 0, to: bytes.count, by: frameSize).map { start in
            try CGImage(width: width, height: height, pixels: bytes.subdata(in: start..<start + frameSize),
                        layout: .rgba(premultiplied: false))
        }
    }

    /// The first video stream's size, decoded frame count and frame rate (as "30/1").
    public static func probe(_ url: URL) throws -> (width: Int, height: Int, frames: Int, rate: String) {
        let output = try run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=width,height,nb_read_frames,r_frame_rate",
                                         "-of", "default=noprint_wrappers=1", url.path])
        var fields: [String: String] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return (Int(fields["width"] ?? "") ?? 0, Int(fields["height"] ?? "") ?? 0,
                Int(fields["nb_read_frames"] ?? "") ?? 0, fields["r_frame_rate"] ?? "")
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let result = try Subprocess.run(tool, arguments)
        guard result.status == 0 else { throw Failure(description: "\(tool) failed: \(result.error)") }
        return result.output
    }
}
