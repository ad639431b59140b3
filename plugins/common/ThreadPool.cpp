//===- ThreadPool.cpp - Host worker threads for launches ------------------===//
//
// Guided claims from a shared counter; see ThreadPool.h.
//
//===----------------------------------------------------------------------===//

#include "plugins/common/ThreadPool.h"

#include <algorithm>

namespace tessel::kit {

ThreadPool::ThreadPool(unsigned threads) {
  for (unsigned i = 1; i < (threads == 0 ? 1 : threads); ++i)
    workers.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &t : workers)
    t.join();
}

void ThreadPool::run(Job &job) {
  // Each claim takes 1/(2·threads) of what is left: the first claims are
  // long runs of consecutive instances, the last ones single instances.
  const uint64_t parts = 2 * uint64_t(size());
  uint64_t begin = job.next.load(std::memory_order_relaxed);
  while (begin < job.count) {
    const uint64_t chunk = std::max<uint64_t>(1, (job.count - begin) / parts);
    if (!job.next.compare_exchange_weak(begin, begin + chunk,
                                        std::memory_order_relaxed))
      continue; // `begin` now holds the current value
    for (uint64_t i = begin; i < begin + chunk; ++i)
      (*job.body)(i);
    begin = job.next.load(std::memory_order_relaxed);
  }
}

void ThreadPool::workerLoop() {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(stateMutex);
  while (true) {
    wake.wait(lock, [&] { return stopping || generation != seen; });
    if (stopping)
      return;
    seen = generation;
    Job *job = currentJob;
    if (job == nullptr)
      continue; // woke after the caller finished the job
    ++busy;
    lock.unlock();
    run(*job);
    lock.lock();
    if (--busy == 0)
      done.notify_all();
  }
}

void ThreadPool::parallelFor(uint64_t count,
                             const std::function<void(uint64_t)> &body) {
  if (count == 0)
    return;
  std::lock_guard<std::mutex> launch(launchMutex);
  if (workers.empty() || count == 1) {
    for (uint64_t i = 0; i < count; ++i)
      body(i);
    return;
  }
  Job job{&body, count};
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    currentJob = &job;
    ++generation;
  }
  wake.notify_all();
  run(job);
  // Every index is claimed now. Workers that have not picked the job up
  // yet must not touch it after it goes out of scope; those that have may
  // still be running their last claims.
  std::unique_lock<std::mutex> lock(stateMutex);
  currentJob = nullptr;
  done.wait(lock, [&] { return busy == 0; });
}

} // namespace tessel::kit
