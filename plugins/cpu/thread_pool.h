// A fixed pool of worker threads that runs the program instances of one
// launch at a time. Instances are handed out through an atomic counter, so
// uneven instance costs balance themselves.
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
  void WorkerLoop();
  void RunShare();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::mutex launch_mutex_;  // serializes ParallelFor callers

  // The current job. Atomics because a worker that woke late may still be
  // draining the counter while the next job is being set up.
  std::atomic<const std::function<void(uint64_t)>*> body_{nullptr};
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> next_{0};
  unsigned busy_ = 0;
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

}  // namespace tessel::cpu_plugin

#endif  // TESSEL_PLUGINS_CPU_THREAD_POOL_H_
