// A fixed pool of worker threads that runs the program instances of one
// launch at a time. Workers claim ranges of consecutive instances from a
// shared counter, large ones first and smaller ones as the job drains
// (guided scheduling): each thread then streams through long contiguous
// stretches of a kernel's blocks, which keeps the hardware prefetchers and
// DRAM pages busy with few claims, and uneven instance costs still balance
// at the end.
#ifndef TESSEL_PLUGINS_CPU_THREAD_POOL_H_
#define TESSEL_PLUGINS_CPU_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tessel::cpu_plugin {

class ThreadPool {
 public:
  // `threads` workers (at least 1); the calling thread also works.
  explicit ThreadPool(unsigned threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Calls body(i) for every i in [0, count) across the workers and returns
  // when all calls finished. One ParallelFor runs at a time.
  void ParallelFor(uint64_t count, const std::function<void(uint64_t)>& body);

  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }

 private:
  // One ParallelFor call. It lives on the caller's stack; workers reach it
  // through job_ only while the caller waits for them.
  struct Job {
    const std::function<void(uint64_t)>* body;
    uint64_t count;
    std::atomic<uint64_t> next{0};
  };

  void WorkerLoop();
  void Run(Job& job);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::mutex launch_mutex_;  // serializes ParallelFor callers

  // Guarded by mutex_.
  Job* job_ = nullptr;  // the current job, null once all of it is claimed
  unsigned busy_ = 0;   // workers inside Run
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

}  // namespace tessel::cpu_plugin

#endif  // TESSEL_PLUGINS_CPU_THREAD_POOL_H_
