import CFlipbookKernels
import Foundation

/// The 8-bit rows of a page curl's page where it lies turned over flat on top, its back
/// showing the page seen through the paper: the image mirrored (`fb_page_curl_turned`),
/// sampled, dimmed and encoded in one step (`BitmapNode.encodeOpaque`) — the bytes the page
/// curl renders there in floating point. From the first pixel whose texels are not opaque
/// (what lies beneath shows through it) the page curl's node encodes the rest of the run.
struct TurnedPageRows: ByteRowSource {
    /// The page: the curl's source image.
    let page: BitmapNode
    let curl: PageCurl
    /// The page curl, which draws the pixels this cannot.
    let node: any ImageNode

    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void) {
        scratch.withPoints(count) { backs in
            withUnsafePointer(to: curl.look) { fb_page_curl_turned($0, Double(column), Double(row) + 0.5, count, backs.baseAddress!.scalars) }
            let done = page.encodeOpaque(UnsafeBufferPointer(backs), dimmedBy: PageCurlNode.dim, into: buffer)
            if done < count {
                node.encode(.pixels(column: column + done, row: row, count: count - done), into: buffer + 4 * done, scratch: scratch)
            }
        }
        body(buffer)
    }
}
