//===- ThreadPool.h - Host worker threads for launches ------------*- C++ -*-===//
//
// For devices that run program instances on host threads (the CPU plugin):
// a fixed pool of worker threads that runs the program instances of one
// launch at a time. Workers claim ranges of consecutive instances from a
// shared counter, large ones first and smaller ones as the job drains
// (guided scheduling): each thread then streams through long contiguous
// stretches of a kernel's blocks, which keeps the hardware prefetchers and
// DRAM pages busy with few claims, and uneven instance costs still balance
// at the end.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_THREADPOOL_H
#define TESSEL_PLUGINS_COMMON_THREADPOOL_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tessel::kit {

class ThreadPool {
public:
  /// `threads` workers (at least 1); the calling thread also works.
  explicit ThreadPool(unsigned threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// Calls body(i) for every i in [0, count) across the workers and returns
  /// when all calls finished. One parallelFor runs at a time.
  void parallelFor(uint64_t count, const std::function<void(uint64_t)> &body);

  /// The number of threads that work on a job, the caller's included.
  unsigned size() const { return static_cast<unsigned>(workers.size()) + 1; }

private:
  /// One parallelFor call. It lives on the caller's stack; workers reach it
  /// through currentJob only while the caller waits for them.
  struct Job {
    const std::function<void(uint64_t)> *body;
    uint64_t count;
    std::atomic<uint64_t> next{0};
  };

  void workerLoop();
  void run(Job &job);

  std::vector<std::thread> workers;
  std::mutex stateMutex;
  std::condition_variable wake;
  std::condition_variable done;
  std::mutex launchMutex; // serializes parallelFor callers

  // Guarded by stateMutex.
  Job *currentJob = nullptr; // the current job, null once all of it is claimed
  unsigned busy = 0;         // workers inside run
  uint64_t generation = 0;
  bool stopping = false;
};

} // namespace tessel::kit

#endif // TESSEL_PLUGINS_COMMON_THREADPOOL_H
