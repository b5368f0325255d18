import FlipbookGraphics
import Foundation
import Testing

struct ColorTests {
    @Test func componentInitializersAgreeAndValidate() {
        let space = CGColorSpaceCreateDeviceRGB()
        let values: [CGFloat] = [0.2, 0.4, 0.6, 0.5]
        let fromArray = CGColor(colorSpace: space, components: values)
        let fromPointer = values.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
        #expect(fromArray != nil && fromArray == fromPointer)
        #expect(fromArray?.alpha == 0.5)
        #expect(CGColor(colorSpace: space, components: [0.1, 0.2, 0.3]) == nil, "RGB needs four components")
        #expect(CGColor(colorSpace: space, components: [0.1, .nan, 0.3, 1]) == nil)
        // Outside an extended space, components are clamped to 0…1.
        #expect(CGColor(colorSpace: space, components: [1.5, -1, 0.5, 2])?.components == [1, 0, 0.5, 1])
    }
}
