/// The largest finite `Float`, as Apple's C library defines `HUGE` (`MAXFLOAT`): iOS code
/// sets `repeatCount = HUGE` to repeat an animation for ever.
public let HUGE = Float.greatestFiniteMagnitude
