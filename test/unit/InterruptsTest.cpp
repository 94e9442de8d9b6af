//===- InterruptsTest.cpp - SIGINT and SIGTERM wait for a write ------------===//
#include "Driver/Interrupts.h"
#include <gtest/gtest.h>
#ifndef _WIN32
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace ompm;

#ifndef _WIN32
TEST(InterruptsTest, AWriteInProgressFinishesThenTheSignalEndsTheProcess) {
  int Pipe[2];
  ASSERT_EQ(pipe(Pipe), 0);
  pid_t Child = fork();
  ASSERT_GE(Child, 0);
  if (Child == 0) {
    close(Pipe[0]);
    deferInterrupts();
    if (!beginWrite())
      _exit(3);
    kill(getpid(), SIGTERM);
    usleep(100000); // still alive: a write is in progress
    char Done = 'w';
    if (write(Pipe[1], &Done, 1) != 1)
      _exit(4);
    endWrite();
    usleep(2000000);
    _exit(beginWrite() ? 5 : 6); // not reached: the signal ends the process
  }
  close(Pipe[1]);
  int Status = 0;
  ASSERT_EQ(waitpid(Child, &Status, 0), Child);
  char Got = 0;
  EXPECT_EQ(read(Pipe[0], &Got, 1), 1);
  EXPECT_EQ(Got, 'w');
  close(Pipe[0]);
  ASSERT_TRUE(WIFSIGNALED(Status)) << "exit status " << WEXITSTATUS(Status);
  EXPECT_EQ(WTERMSIG(Status), SIGTERM);
}
#endif

TEST(InterruptsTest, WritesStartWhenNoSignalCame) {
  EXPECT_TRUE(beginWrite());
  endWrite();
}
