#include "plugins/cpu/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

namespace tessel::cpu_plugin {
namespace {

TEST(ThreadPool, RunsEveryIndexExactlyOnce) {
  ThreadPool pool(4);
  for (uint64_t count : {uint64_t{0}, uint64_t{1}, uint64_t{3}, uint64_t{1000}, uint64_t{7}}) {
    std::vector<std::atomic<int>> hits(count);
    pool.ParallelFor(count, [&](uint64_t i) { hits[i].fetch_add(1); });
    for (uint64_t i = 0; i < count; ++i) EXPECT_EQ(hits[i].load(), 1) << i;
  }
}

TEST(ThreadPool, UsesSeveralThreads) {
  ThreadPool pool(4);
  std::mutex m;
  std::set<std::thread::id> ids;
  pool.ParallelFor(64, [&](uint64_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard<std::mutex> lock(m);
    ids.insert(std::this_thread::get_id());
  });
  EXPECT_GT(ids.size(), 1u);
}

TEST(ThreadPool, BackToBackJobsOfShrinkingSize) {
  // A late worker of a large job must never run a small job's body on an
  // index of the large range.
  ThreadPool pool(3);
  for (int round = 0; round < 200; ++round) {
    uint64_t count = round % 2 == 0 ? 500 : 2;
    std::vector<std::atomic<int>> hits(count);
    pool.ParallelFor(count, [&](uint64_t i) {
      ASSERT_LT(i, count);
      hits[i].fetch_add(1);
    });
    for (uint64_t i = 0; i < count; ++i) ASSERT_EQ(hits[i].load(), 1);
  }
}

TEST(ThreadPool, ClaimsRunsOfConsecutiveIndices) {
  // Guided claims: however the threads interleave, 1024 instances are
  // handed out in a few dozen ranges, not one index at a time.
  ThreadPool pool(2);
  const uint64_t count = 1024;
  std::vector<std::thread::id> owner(count);
  pool.ParallelFor(count, [&](uint64_t i) { owner[i] = std::this_thread::get_id(); });
  int changes = 0;
  for (uint64_t i = 1; i < count; ++i) changes += owner[i] != owner[i - 1];
  EXPECT_LT(changes, 64);
}

}  // namespace
}  // namespace tessel::cpu_plugin
