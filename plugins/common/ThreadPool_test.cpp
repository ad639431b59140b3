//===- ThreadPool_test.cpp - Tests of the host thread pool ----------------===//
//
// Every index runs once, on several threads, in runs of consecutive indices.
//
//===----------------------------------------------------------------------===//

#include "plugins/common/ThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

namespace tessel::kit {
namespace {

// Makes a job provably shared: the first body call blocks until a body call
// on another thread has started (or a generous timeout passes, so that a
// pool that runs everything on one thread fails instead of hanging). Call
// arrive() first thing in every body call.
class SecondThread {
public:
  void arrive() {
    const std::thread::id me = std::this_thread::get_id();
    std::unique_lock<std::mutex> lock(stateMutex);
    if (!firstThread) {
      firstThread = me;
      arrived.wait_for(lock, std::chrono::seconds(30), [&] { return secondArrived; });
    } else if (me != *firstThread && !secondArrived) {
      secondArrived = true;
      arrived.notify_all();
    }
  }
  // True once a body call ran on a thread other than the first call's.
  bool sawSecondThread() {
    std::lock_guard<std::mutex> lock(stateMutex);
    return secondArrived;
  }

private:
  std::mutex stateMutex;
  std::condition_variable arrived;
  std::optional<std::thread::id> firstThread;
  bool secondArrived = false;
};

TEST(ThreadPool, RunsEveryIndexExactlyOnce) {
  ThreadPool pool(4);
  for (uint64_t count :
       {uint64_t{0}, uint64_t{1}, uint64_t{3}, uint64_t{1000}, uint64_t{7}}) {
    std::vector<std::atomic<int>> hits(count);
    pool.parallelFor(count, [&](uint64_t i) { hits[i].fetch_add(1); });
    for (uint64_t i = 0; i < count; ++i)
      EXPECT_EQ(hits[i].load(), 1) << i;
  }
}

TEST(ThreadPool, UsesSeveralThreads) {
  ThreadPool pool(4);
  SecondThread second;
  std::mutex m;
  std::set<std::thread::id> ids;
  pool.parallelFor(64, [&](uint64_t) {
    second.arrive();
    std::lock_guard<std::mutex> lock(m);
    ids.insert(std::this_thread::get_id());
  });
  EXPECT_TRUE(second.sawSecondThread()) << "one thread ran the whole job";
  EXPECT_GT(ids.size(), 1u);
}

TEST(ThreadPool, BackToBackJobsOfShrinkingSize) {
  // A late worker of a large job must never run a small job's body on an
  // index of the large range.
  ThreadPool pool(3);
  for (int round = 0; round < 200; ++round) {
    uint64_t count = round % 2 == 0 ? 500 : 2;
    std::vector<std::atomic<int>> hits(count);
    pool.parallelFor(count, [&](uint64_t i) {
      ASSERT_LT(i, count);
      hits[i].fetch_add(1);
    });
    for (uint64_t i = 0; i < count; ++i)
      ASSERT_EQ(hits[i].load(), 1);
  }
}

TEST(ThreadPool, ClaimsRunsOfConsecutiveIndices) {
  // Guided claims: however the threads interleave, 1024 instances are
  // handed out in a few dozen ranges, not one index at a time. That says
  // nothing unless the job really was shared: the first thread's first
  // instance waits until another thread runs one (SecondThread), and the
  // owners must include at least two threads.
  ThreadPool pool(2);
  const uint64_t count = 1024;
  SecondThread second;
  std::vector<std::thread::id> owner(count);
  pool.parallelFor(count, [&](uint64_t i) {
    second.arrive();
    owner[i] = std::this_thread::get_id();
  });
  EXPECT_TRUE(second.sawSecondThread()) << "one thread ran the whole job";
  EXPECT_GE(std::set<std::thread::id>(owner.begin(), owner.end()).size(), 2u);
  int changes = 0;
  for (uint64_t i = 1; i < count; ++i)
    changes += owner[i] != owner[i - 1];
  EXPECT_GT(changes, 0);
  EXPECT_LT(changes, 64);
}

} // namespace
} // namespace tessel::kit
