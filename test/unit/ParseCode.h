//===- ParseCode.h - An AST from a snippet, for the unit tests ---*- C++ -*-===//
#ifndef OMPM_TEST_PARSECODE_H
#define OMPM_TEST_PARSECODE_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

namespace ompm {

/// Parses Code as File with Clang 22's own headers and Flags (OpenACC by
/// default), and expects no error.
inline std::unique_ptr<clang::ASTUnit>
parseCode(llvm::StringRef Code, std::vector<std::string> Flags = {"-fopenacc"},
          llvm::StringRef File = "t.c") {
  Flags.push_back("-resource-dir=/usr/lib/llvm-22/lib/clang/22");
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Flags, File);
  EXPECT_TRUE(AST);
  if (AST)
    EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred()) << Code.str();
  return AST;
}

} // namespace ompm

#endif
