import Foundation
@testable import FlipbookGraphics
import Testing

/// The band workers: every iteration of every job runs exactly once, whether the workers
/// are spinning or asleep, and jobs posted while the pool is busy (from other threads or
/// from inside a job) still run.
@Suite(.timeLimit(.minutes(1))) struct WorkerPoolTests {
    /// How many times each of `count` iterations ran.
    final class Tally: @unchecked Sendable {
        private var counts: [Int]
        private let lock = NSLock()
        init(_ count: Int) { counts = Array(repeating: 0, count: count) }
        func record(_ i: Int) { lock.withLock { counts[i] += 1 } }
        var values: [Int] { lock.withLock { counts } }
    }

    @Test func everyIterationRunsOnceInJobsBackToBack() {
        let pool = WorkerPool.shared
        for job in 0..<3000 {
            let count = [0, 1, 2, 3, 7, 64][job % 6]
            let tally = Tally(count)
            pool.perform(iterations: count) { tally.record($0) }
            #expect(tally.values == Array(repeating: 1, count: count), "job \(job)")
        }
    }

    /// Many workers racing for few iterations: each is claimed once, however many are
    /// spinning or woken. (The pool's threads live on, asleep, for the rest of the run.)
    @Test func moreWorkersThanIterationsClaimEachOnce() {
        let pool = WorkerPool(workers: 6)
        for job in 0..<2000 {
            let count = [2, 3, 5, 9][job % 4]
            let tally = Tally(count)
            pool.perform(iterations: count) { tally.record($0) }
            #expect(tally.values == Array(repeating: 1, count: count), "job \(job)")
            if job % 500 == 0 { Thread.sleep(forTimeInterval: 2 * Double(WorkerPool.spinTime) / 1e9) }
        }
    }

    /// A job that arrives after the workers fell asleep runs every iteration once. (The
    /// caller takes part, so this checks that sleeping workers never lose or repeat an
    /// iteration, not how fast they wake: the benchmark measures that.)
    @Test func aJobAfterTheWorkersFellAsleepRunsEachIterationOnce() throws {
        let pool = WorkerPool.shared
        for _ in 0..<5 {
            // Longer than the spin: the workers are asleep when the job arrives.
            Thread.sleep(forTimeInterval: 2 * Double(WorkerPool.spinTime) / 1e9)
            let tally = Tally(16)
            pool.perform(iterations: 16) { tally.record($0) }
            #expect(tally.values == Array(repeating: 1, count: 16))
        }
    }

    @Test func jobsFromInsideAJobAndFromOtherThreadsRun() {
        let pool = WorkerPool.shared
        let tallies = (0..<8).map { _ in Tally(40) }
        DispatchQueue.concurrentPerform(iterations: 8) { caller in
            for _ in 0..<50 {
                pool.perform(iterations: 4) { outer in
                    pool.perform(iterations: 10) { inner in tallies[caller].record(outer * 10 + inner) }
                }
            }
        }
        for tally in tallies { #expect(tally.values == Array(repeating: 50, count: 40)) }
    }
}
