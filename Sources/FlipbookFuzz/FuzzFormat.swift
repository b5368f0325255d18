/// The kinds of file the fuzzer makes and which decoders read them.
enum FuzzFormat: String, CaseIterable {
    case png, apng, gif, jpeg
}
