import CFlipbookKernels
import Dispatch
import Foundation
import Synchronization

/// The threads that band parallelism runs on, one job at a time.
///
/// `DispatchQueue.concurrentPerform` wakes sleeping threads for every job, which costs tens
/// of microseconds a job on a virtual machine: as long as a small frame takes to draw.
/// A worker that has just run part of a job spins for `spinTime` before it sleeps, as
/// OpenMP's and Rayon's workers do, so frames drawn one after another hand out their bands
/// at once. A job wakes at most as many sleeping workers as it has iterations to share, and
/// a worker that finds nothing left to run sleeps again at once: on a machine with many
/// cores, jobs of two bands keep one worker busy, not all of them.
///
/// A job that arrives while another runs (from another thread, or from inside a job) goes
/// to `concurrentPerform` instead: the pool never waits for itself.
package final class WorkerPool: @unchecked Sendable {
    /// The pool drawing uses: a worker for every processor but the calling thread's. The
    /// workers live as long as the process.
    package static let shared = WorkerPool(workers: ProcessInfo.processInfo.activeProcessorCount - 1)

    /// How long an idle worker spins before it sleeps, in nanoseconds.
    static let spinTime: UInt64 = 200_000

    /// The job number (high 32 bits) and how many of its iterations nobody has claimed yet
    /// (low 32 bits). A thread claims the last unclaimed iteration with one compare-and-swap,
    /// and only of the job it read: a late worker cannot take part in a newer job by mistake.
    private let ticket = Atomic<UInt64>(0)
    /// Iterations of the current job that have returned.
    private let finished = Atomic<Int>(0)
    private let busy = Atomic<Bool>(false)
    /// The current job's body: written before its ticket is published, read only by a
    /// thread that claimed one of its iterations.
    private var body: ((Int) -> Void)?
    private let sleeping = NSCondition()
    /// Threads of the pool, besides the caller of `perform`.
    let workerCount: Int

    init(workers: Int) {
        workerCount = max(0, workers)
        for k in 0..<workerCount {
            let thread = Thread { self.work() }
            thread.name = "Flipbook worker \(k + 1)"
            thread.start()
        }
    }

    /// Calls `body` once for each of `0..<count`, concurrently on the workers and the
    /// calling thread, and returns when every call has. `body` runs concurrently with
    /// itself: like the band bodies it serves, each call may change only its own rows.
    package func perform(iterations count: Int, _ body: (Int) -> Void) {
        guard count > 1, workerCount > 0 else { return (0..<max(count, 0)).forEach(body) }
        guard count < 1 << 32, busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return withoutActuallyEscaping(body) { escaping in
                let shared = UncheckedSendable(escaping)
                DispatchQueue.concurrentPerform(iterations: count) { shared.value($0) }
            }
        }
        defer { busy.store(false, ordering: .releasing) }
        withoutActuallyEscaping(body) { escaping in
            self.body = escaping
            defer { self.body = nil }
            finished.store(0, ordering: .relaxed)
            let job = (ticket.load(ordering: .relaxed) >> 32 &+ 1) & 0xFFFF_FFFF
            ticket.store(job << 32 | UInt64(count), ordering: .releasing)
            // Under the lock, so that a worker about to sleep either sees the job or is woken.
            sleeping.lock()
            for _ in 0..<min(count - 1, workerCount) { sleeping.signal() }
            sleeping.unlock()
            runIterations(of: job)
            var spins = 0
            while finished.load(ordering: .acquiring) < count {
                fb_spin_pause()
                spins += 1
                if spins & 1023 == 0 { sched_yield() }
            }
        }
    }

    /// Claims and runs iterations of `job` until none is left unclaimed; returns how many
    /// this thread ran.
    @discardableResult private func runIterations(of job: UInt64) -> Int {
        var ran = 0
        while true {
            let current = ticket.load(ordering: .acquiring)
            guard current >> 32 == job, current & 0xFFFF_FFFF > 0 else { return ran }
            if ticket.compareExchange(expected: current, desired: current - 1, ordering: .acquiring).exchanged {
                call(Int(current & 0xFFFF_FFFF) - 1)
                finished.wrappingAdd(1, ordering: .releasing)
                ran += 1
            }
        }
    }

    /// One iteration of the body. Not inlined: the thread's reference to the body ends
    /// inside, before the iteration counts as finished and `perform` may return.
    @inline(never) private func call(_ index: Int) { body!(index) }

    /// A worker: waits for a job it has not seen (spinning while it ran part of one within
    /// `spinTime`, else asleep) and helps run it.
    private func work() {
        var seen: UInt64 = 0
        var lastRan: UInt64 = 0
        while true {
            var job = ticket.load(ordering: .acquiring) >> 32
            var spins = 0
            while job == seen {
                fb_spin_pause()
                spins += 1
                if spins & 63 == 0, DispatchTime.now().uptimeNanoseconds &- lastRan > Self.spinTime {
                    sleeping.lock()
                    while ticket.load(ordering: .acquiring) >> 32 == seen { sleeping.wait() }
                    sleeping.unlock()
                }
                job = ticket.load(ordering: .acquiring) >> 32
            }
            seen = job
            if runIterations(of: job) > 0 { lastRan = DispatchTime.now().uptimeNanoseconds }
        }
    }
}
