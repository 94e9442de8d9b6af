//===- DataConstructsTest.cpp - data, enter/exit data, update, host_data --===//
#include "PlanFixture.h"
#include "Translate/DataConstructs.h"
#include <gtest/gtest.h>

using namespace ompm;
using DK = clang::OpenACCDirectiveKind;

TEST(DataConstructsTest, DataRegionAndUpdate) {
  PlanFixture X("void f(int n, float *a, int c) {\n"
                "  #pragma acc data copyin(a[0:n]) if(c)\n"
                "  {\n"
                "    #pragma acc update self(a[0:n]) async(1)\n"
                "  }\n"
                "}\n");
  DataConstructTranslator T(*X.Base, *X.St);
  T.planData(X.dir(DK::Data));
  T.planUpdate(X.dir(DK::Update));
  EXPECT_EQ(X.result(),
            "void f(int n, float *a, int c) {\n"
            "  #pragma omp target data if(c) map(to: a[0:n])\n"
            "  {\n"
            "    #pragma omp target update from(a[0:n]) depend(inout: omp_migrate_async_[(1) & 63])\n"
            "  }\n"
            "}\n");
  EXPECT_TRUE(X.St->NeedQueues);
}

TEST(DataConstructsTest, ExitDataWithFinalize) {
  PlanFixture X("void f(int n, float *a, float *b) {\n"
                "  #pragma acc enter data copyin(a[0:n], b[0:n])\n"
                "  #pragma acc exit data copyout(a[0:n]) delete(b[0:n]) finalize\n"
                "}\n");
  DataConstructTranslator T(*X.Base, *X.St);
  T.planEnterExit(X.dir(DK::EnterData));
  T.planEnterExit(X.dir(DK::ExitData));
  EXPECT_EQ(X.result(),
            "void f(int n, float *a, float *b) {\n"
            "  #pragma omp target enter data map(to: a[0:n], b[0:n])\n"
            "  #pragma omp target update from(a[0:n])\n"
            "  #pragma omp target exit data map(delete: a[0:n], b[0:n])\n"
            "}\n");
}

TEST(DataConstructsTest, MemberSectionThroughAPointerBecomesEnterExit) {
  PlanFixture X("struct S { int n; float *x; };\n"
                "void f(struct S *p) {\n"
                "  #pragma acc data copy(p->x[0:p->n])\n"
                "  {\n"
                "    p->n = p->n;\n"
                "  }\n"
                "}\n");
  DataConstructTranslator T(*X.Base, *X.St);
  T.planData(X.dir(DK::Data));
  EXPECT_EQ(X.result(),
            "struct S { int n; float *x; };\n"
            "void f(struct S *p) {\n"
            "  #pragma omp target enter data map(to: p[0:1]) map(to: p->x[0:p->n])\n"
            "  {\n"
            "    p->n = p->n;\n"
            "  }\n"
            "  #pragma omp target exit data map(release: p[0:1]) map(from: p->x[0:p->n])\n"
            "}\n");
}

TEST(DataConstructsTest, HostData) {
  PlanFixture X("void g(float *);\n"
                "void f(int n, float *a) {\n"
                "  #pragma acc host_data use_device(a)\n"
                "  g(a);\n"
                "}\n");
  DataConstructTranslator(*X.Base, *X.St).planHostData(X.dir(DK::HostData));
  EXPECT_EQ(X.only().Emitted,
            std::vector<std::string>{"#pragma omp target data use_device_ptr(a)"});
}

TEST(DataConstructsTest, AttachAndDetachClausesCallTheHelpers) {
  PlanFixture X("struct S { float *p; };\n"
                "void f(int n, struct S s, int c) {\n"
                "  #pragma acc enter data copyin(s) attach(s.p) if(c)\n"
                "  #pragma acc exit data detach(s.p)\n"
                "  #pragma acc exit data detach(s.p) async(1)\n"
                "}\n");
  DataConstructTranslator T(*X.Base, *X.St);
  T.planEnterExit(X.dir(DK::EnterData));
  T.planEnterExit(X.dir(DK::ExitData));
  T.planEnterExit(X.dir(DK::ExitData) + 1);
  // The attach follows the maps; a directive with nothing else to map
  // becomes the call.
  EXPECT_EQ(X.result(),
            "struct S { float *p; };\n"
            "void f(int n, struct S s, int c) {\n"
            "  #pragma omp target enter data if(c) map(to: s)\n"
            "  if (c) omp_migrate_attach_((void **)&(s.p));\n"
            "  omp_migrate_detach_((void **)&(s.p));\n"
            "  #pragma acc exit data detach(s.p) async(1)\n"
            "}\n");
  EXPECT_EQ(X.Out.Records.back().Reason,
            "attach or detach on an async data directive is not translated");
}
