#include "plugins/cpu/thread_pool.h"

#include <limits>

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

void ThreadPool::RunShare() {
  for (uint64_t i = next_.fetch_add(1); i < count_.load(); i = next_.fetch_add(1))
    (*body_.load())(i);
}

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    ++busy_;
    lock.unlock();
    RunShare();
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
  {
    std::lock_guard<std::mutex> lock(mutex_);
    body_.store(&body);
    // Publish an empty range first so a late worker cannot run the new body
    // on an index of the old range before count_ is set.
    next_.store(std::numeric_limits<uint64_t>::max() / 2);
    count_.store(count);
    next_.store(0);
    ++generation_;
  }
  wake_.notify_all();
  RunShare();
  // Wait until every worker that picked up this generation has left RunShare.
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return busy_ == 0 && next_.load() >= count_.load(); });
}

}  // namespace tessel::cpu_plugin
