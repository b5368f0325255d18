/// Carries a value into concurrently running band workers. Used only where each worker
/// touches disjoint rows of the same buffers.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
