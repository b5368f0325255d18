import Foundation
import FlipbookGraphics

// Core Image's typed filters (CIFilterBuiltins): `CIFilter.modTransition()` and the like
// return a filter whose inputs are properties, under the protocol Apple gives it. Each
// property reads and writes the input Apple names after it ("inputAngle" for `angle`).

extension CIFilter {
    private static func builtIn(_ name: String) -> BuiltInFilter {
        guard let filter = BuiltInFilter(name: name) else { preconditionFailure("\(name) is a built-in filter") }
        return filter
    }

    public static func accordionFoldTransition() -> CIFilter & CIAccordionFoldTransition { builtIn("CIAccordionFoldTransition") }
    public static func barsSwipeTransition() -> CIFilter & CIBarsSwipeTransition { builtIn("CIBarsSwipeTransition") }
    public static func copyMachineTransition() -> CIFilter & CICopyMachineTransition { builtIn("CICopyMachineTransition") }
    public static func disintegrateWithMaskTransition() -> CIFilter & CIDisintegrateWithMaskTransition {
        builtIn("CIDisintegrateWithMaskTransition")
    }
    public static func dissolveTransition() -> CIFilter & CIDissolveTransition { builtIn("CIDissolveTransition") }
    public static func flashTransition() -> CIFilter & CIFlashTransition { builtIn("CIFlashTransition") }
    public static func modTransition() -> CIFilter & CIModTransition { builtIn("CIModTransition") }
    public static func pageCurlTransition() -> CIFilter & CIPageCurlTransition { builtIn("CIPageCurlTransition") }
    public static func pageCurlWithShadowTransition() -> CIFilter & CIPageCurlWithShadowTransition {
        builtIn("CIPageCurlWithShadowTransition")
    }
    public static func rippleTransition() -> CIFilter & CIRippleTransition { builtIn("CIRippleTransition") }
    public static func swipeTransition() -> CIFilter & CISwipeTransition { builtIn("CISwipeTransition") }
    public static func gaussianBlur() -> CIFilter & CIGaussianBlur { builtIn("CIGaussianBlur") }
    public static func boxBlur() -> CIFilter & CIBoxBlur { builtIn("CIBoxBlur") }
    public static func motionBlur() -> CIFilter & CIMotionBlur { builtIn("CIMotionBlur") }
    public static func zoomBlur() -> CIFilter & CIZoomBlur { builtIn("CIZoomBlur") }
    public static func colorControls() -> CIFilter & CIColorControls { builtIn("CIColorControls") }
    public static func colorMatrix() -> CIFilter & CIColorMatrix { builtIn("CIColorMatrix") }
    public static func exposureAdjust() -> CIFilter & CIExposureAdjust { builtIn("CIExposureAdjust") }
    public static func vignette() -> CIFilter & CIVignette { builtIn("CIVignette") }
    public static func pixellate() -> CIFilter & CIPixellate { builtIn("CIPixellate") }
    public static func maskToAlpha() -> CIFilter & CIMaskToAlpha { builtIn("CIMaskToAlpha") }
    public static func blendWithMask() -> CIFilter & CIBlendWithMask { builtIn("CIBlendWithMask") }
    public static func sourceOverCompositing() -> CIFilter & CICompositeOperation { builtIn("CISourceOverCompositing") }
    public static func sourceAtopCompositing() -> CIFilter & CICompositeOperation { builtIn("CISourceAtopCompositing") }
    public static func sourceInCompositing() -> CIFilter & CICompositeOperation { builtIn("CISourceInCompositing") }
    public static func sourceOutCompositing() -> CIFilter & CICompositeOperation { builtIn("CISourceOutCompositing") }
    public static func additionCompositing() -> CIFilter & CICompositeOperation { builtIn("CIAdditionCompositing") }
    public static func multiplyCompositing() -> CIFilter & CICompositeOperation { builtIn("CIMultiplyCompositing") }
    public static func minimumCompositing() -> CIFilter & CICompositeOperation { builtIn("CIMinimumCompositing") }
    public static func maximumCompositing() -> CIFilter & CICompositeOperation { builtIn("CIMaximumCompositing") }
    public static func multiplyBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIMultiplyBlendMode") }
    public static func screenBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIScreenBlendMode") }
    public static func overlayBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIOverlayBlendMode") }
    public static func darkenBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIDarkenBlendMode") }
    public static func lightenBlendMode() -> CIFilter & CICompositeOperation { builtIn("CILightenBlendMode") }
    public static func colorDodgeBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIColorDodgeBlendMode") }
    public static func colorBurnBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIColorBurnBlendMode") }
    public static func hardLightBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIHardLightBlendMode") }
    public static func softLightBlendMode() -> CIFilter & CICompositeOperation { builtIn("CISoftLightBlendMode") }
    public static func differenceBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIDifferenceBlendMode") }
    public static func exclusionBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIExclusionBlendMode") }
    public static func subtractBlendMode() -> CIFilter & CICompositeOperation { builtIn("CISubtractBlendMode") }
    public static func divideBlendMode() -> CIFilter & CICompositeOperation { builtIn("CIDivideBlendMode") }
    public static func linearBurnBlendMode() -> CIFilter & CICompositeOperation { builtIn("CILinearBurnBlendMode") }
    public static func linearDodgeBlendMode() -> CIFilter & CICompositeOperation { builtIn("CILinearDodgeBlendMode") }
    public static func constantColorGenerator() -> CIFilter & CIConstantColorGenerator { builtIn("CIConstantColorGenerator") }
    public static func linearGradient() -> CIFilter & CILinearGradient { builtIn("CILinearGradient") }
    public static func radialGradient() -> CIFilter & CIRadialGradient { builtIn("CIRadialGradient") }
    public static func checkerboardGenerator() -> CIFilter & CICheckerboardGenerator { builtIn("CICheckerboardGenerator") }
    public static func stripesGenerator() -> CIFilter & CIStripesGenerator { builtIn("CIStripesGenerator") }
}

/// The filter the typed builders return: every typed property, each reading and writing
/// the input named "input" + its capitalised name.
final class BuiltInFilter: CIFilter, CIAccordionFoldTransition, CIBarsSwipeTransition, CICopyMachineTransition,
    CIDisintegrateWithMaskTransition, CIDissolveTransition, CIFlashTransition, CIModTransition, CIPageCurlTransition,
    CIPageCurlWithShadowTransition, CIRippleTransition, CISwipeTransition, CIGaussianBlur, CIBoxBlur, CIMotionBlur, CIZoomBlur,
    CIColorControls, CIColorMatrix, CIExposureAdjust, CIVignette, CIPixellate, CIMaskToAlpha, CICompositeOperation, CIBlendWithMask,
    CIConstantColorGenerator, CILinearGradient, CIRadialGradient, CICheckerboardGenerator, CIStripesGenerator {

    private func key(_ property: String) -> String { "input" + property.prefix(1).uppercased() + property.dropFirst() }
    private func number(_ property: String) -> Float { Float(value(forKey: key(property)).flatMap(FilterInputs.number) ?? 0) }
    private func setNumber(_ value: Float, _ property: String) { setValue(Double(value), forKey: key(property)) }
    private func vector(_ property: String) -> CIVector { value(forKey: key(property)) as? CIVector ?? CIVector(values: []) }
    private func setVector(_ value: CIVector, _ property: String) { setValue(value, forKey: key(property)) }
    private func image(_ property: String) -> CIImage? { value(forKey: key(property)) as? CIImage }
    private func color(_ property: String) -> CIColor { value(forKey: key(property)) as? CIColor ?? .clear }

    var inputImage: CIImage? { get { image("image") } set { setValue(newValue, forKey: kCIInputImageKey) } }
    var targetImage: CIImage? { get { image("targetImage") } set { setValue(newValue, forKey: kCIInputTargetImageKey) } }
    var backgroundImage: CIImage? { get { image("backgroundImage") } set { setValue(newValue, forKey: kCIInputBackgroundImageKey) } }
    var maskImage: CIImage? { get { image("maskImage") } set { setValue(newValue, forKey: kCIInputMaskImageKey) } }
    var backsideImage: CIImage? { get { image("backsideImage") } set { setValue(newValue, forKey: "inputBacksideImage") } }
    var shadingImage: CIImage? { get { image("shadingImage") } set { setValue(newValue, forKey: kCIInputShadingImageKey) } }

    var time: Float { get { number("time") } set { setNumber(newValue, "time") } }
    var angle: Float { get { number("angle") } set { setNumber(newValue, "angle") } }
    var width: Float { get { number("width") } set { setNumber(newValue, "width") } }
    var radius: Float { get { number("radius") } set { setNumber(newValue, "radius") } }
    var scale: Float { get { number("scale") } set { setNumber(newValue, "scale") } }
    var opacity: Float { get { number("opacity") } set { setNumber(newValue, "opacity") } }
    var bottomHeight: Float { get { number("bottomHeight") } set { setNumber(newValue, "bottomHeight") } }
    var numberOfFolds: Float { get { number("numberOfFolds") } set { setNumber(newValue, "numberOfFolds") } }
    var foldShadowAmount: Float { get { number("foldShadowAmount") } set { setNumber(newValue, "foldShadowAmount") } }
    var barOffset: Float { get { number("barOffset") } set { setNumber(newValue, "barOffset") } }
    var shadowRadius: Float { get { number("shadowRadius") } set { setNumber(newValue, "shadowRadius") } }
    var shadowDensity: Float { get { number("shadowDensity") } set { setNumber(newValue, "shadowDensity") } }
    var shadowSize: Float { get { number("shadowSize") } set { setNumber(newValue, "shadowSize") } }
    var shadowAmount: Float { get { number("shadowAmount") } set { setNumber(newValue, "shadowAmount") } }
    var maxStriationRadius: Float { get { number("maxStriationRadius") } set { setNumber(newValue, "maxStriationRadius") } }
    var striationStrength: Float { get { number("striationStrength") } set { setNumber(newValue, "striationStrength") } }
    var striationContrast: Float { get { number("striationContrast") } set { setNumber(newValue, "striationContrast") } }
    var fadeThreshold: Float { get { number("fadeThreshold") } set { setNumber(newValue, "fadeThreshold") } }
    var compression: Float { get { number("compression") } set { setNumber(newValue, "compression") } }
    var amount: Float { get { number("amount") } set { setNumber(newValue, "amount") } }
    var saturation: Float { get { number("saturation") } set { setNumber(newValue, "saturation") } }
    var brightness: Float { get { number("brightness") } set { setNumber(newValue, "brightness") } }
    var contrast: Float { get { number("contrast") } set { setNumber(newValue, "contrast") } }
    var ev: Float { get { number("EV") } set { setNumber(newValue, "EV") } }
    var intensity: Float { get { number("intensity") } set { setNumber(newValue, "intensity") } }
    var radius0: Float { get { number("radius0") } set { setNumber(newValue, "radius0") } }
    var radius1: Float { get { number("radius1") } set { setNumber(newValue, "radius1") } }
    var sharpness: Float { get { number("sharpness") } set { setNumber(newValue, "sharpness") } }

    var center: CGPoint { get { vector("center").cgPoint } set { setVector(CIVector(cgPoint: newValue), "center") } }
    var point0: CGPoint { get { vector("point0").cgPoint } set { setVector(CIVector(cgPoint: newValue), "point0") } }
    var point1: CGPoint { get { vector("point1").cgPoint } set { setVector(CIVector(cgPoint: newValue), "point1") } }
    var shadowOffset: CGPoint { get { vector("shadowOffset").cgPoint } set { setVector(CIVector(cgPoint: newValue), "shadowOffset") } }
    var extent: CGRect { get { vector("extent").cgRect } set { setVector(CIVector(cgRect: newValue), "extent") } }
    var shadowExtent: CGRect { get { vector("shadowExtent").cgRect } set { setVector(CIVector(cgRect: newValue), "shadowExtent") } }
    var rVector: CIVector { get { vector("rVector") } set { setVector(newValue, "rVector") } }
    var gVector: CIVector { get { vector("gVector") } set { setVector(newValue, "gVector") } }
    var bVector: CIVector { get { vector("bVector") } set { setVector(newValue, "bVector") } }
    var aVector: CIVector { get { vector("aVector") } set { setVector(newValue, "aVector") } }
    var biasVector: CIVector { get { vector("biasVector") } set { setVector(newValue, "biasVector") } }

    var color: CIColor { get { color("color") } set { setValue(newValue, forKey: kCIInputColorKey) } }
    var color0: CIColor { get { color("color0") } set { setValue(newValue, forKey: "inputColor0") } }
    var color1: CIColor { get { color("color1") } set { setValue(newValue, forKey: "inputColor1") } }
}
