#include "plugins/cpu/thread_pool.h"

#include <algorithm>

namespace tessel::cpu_plugin {

ThreadPool::ThreadPool(unsigned threads) {
  for (unsigned i = 1; i < (threads == 0 ? 1 : threads); ++i)
    workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::Run(Job& job) {
  // Each claim takes 1/(2·threads) of what is left: the first claims are
  // long runs of consecutive instances, the last ones single instances.
  const uint64_t parts = 2 * uint64_t(size());
  uint64_t begin = job.next.load(std::memory_order_relaxed);
  while (begin < job.count) {
    const uint64_t chunk = std::max<uint64_t>(1, (job.count - begin) / parts);
    if (!job.next.compare_exchange_weak(begin, begin + chunk, std::memory_order_relaxed))
      continue;  // `begin` now holds the current value
    for (uint64_t i = begin; i < begin + chunk; ++i) (*job.body)(i);
    begin = job.next.load(std::memory_order_relaxed);
  }
}

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    Job* job = job_;
    if (job == nullptr) continue;  // woke after the caller finished the job
    ++busy_;
    lock.unlock();
    Run(*job);
    lock.lock();
    if (--busy_ == 0) done_.notify_all();
  }
}

void ThreadPool::ParallelFor(uint64_t count, const std::function<void(uint64_t)>& body) {
  if (count == 0) return;
  std::lock_guard<std::mutex> launch(launch_mutex_);
  if (workers_.empty() || count == 1) {
    for (uint64_t i = 0; i < count; ++i) body(i);
    return;
  }
  Job job{&body, count};
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &job;
    ++generation_;
  }
  wake_.notify_all();
  Run(job);
  // Every index is claimed now. Workers that have not picked the job up
  // yet must not touch it after it goes out of scope; those that have may
  // still be running their last claims.
  std::unique_lock<std::mutex> lock(mutex_);
  job_ = nullptr;
  done_.wait(lock, [&] { return busy_ == 0; });
}

}  // namespace tessel::cpu_plugin
