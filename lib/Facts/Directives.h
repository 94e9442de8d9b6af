//===- Directives.h - OpenACC directives found in a translation unit -*- C++ -*-===//
//
// Walks the AST once (each OpenACC node once, whatever the nesting: Clang
// 22's visitors reach the subtree of an OpenACC construct 2^depth times) and
// records each directive with its clauses, its enclosing directive and the
// exact source range of its text: from '#' to the end of its last token, so a
// trailing comment is not part of it.
//
//===----------------------------------------------------------------------===//
#ifndef OMPM_FACTS_DIRECTIVES_H
#define OMPM_FACTS_DIRECTIVES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenACC.h"
#include "clang/AST/StmtOpenACC.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include <optional>
#include <string>
#include <vector>

namespace ompm {

struct Directive {
  clang::OpenACCDirectiveKind Kind = clang::OpenACCDirectiveKind::Invalid;
  const clang::OpenACCConstructStmt *S = nullptr; ///< statement directives
  const clang::Decl *D = nullptr;  ///< declare / routine declarations
  /// The function a routine directive applies to (attribute or named form).
  const clang::FunctionDecl *RoutineFn = nullptr;
  llvm::ArrayRef<const clang::OpenACCClause *> Clauses;
  /// Enclosing function (null at namespace scope).
  const clang::FunctionDecl *Fn = nullptr;
  int Parent = -1;          ///< index of the enclosing statement directive
  clang::SourceLocation Loc; ///< a location for diagnostics
  /// The directive's text, '#' through its last token; for a directive
  /// of a `_Pragma("acc ...")` operator (in code or in a macro definition
  /// of the main file or of a header that is not a system header), its
  /// string literal. Invalid when the directive cannot be rewritten in
  /// place.
  clang::CharSourceRange Text;
  /// The original text (continuations kept); `#pragma acc ...` for a
  /// _Pragma operator.
  std::string Spelling;
  std::string WhyNotRewritable;
  /// Text is the string literal of a _Pragma operator: its translation
  /// must be one OpenMP directive, which goes into the literal
  /// (lib/Edit/PragmaOperators.h).
  bool PragmaOperator = false;
};

/// True for parallel/serial/kernels and their combined loop forms.
bool isComputeKind(clang::OpenACCDirectiveKind K);
bool isCombinedKind(clang::OpenACCDirectiveKind K);
/// The statement a construct applies to (its block or loop); null for
/// constructs without one. OpenACCAssociatedStmtConstruct::classof is false
/// in Clang 22, so this goes by the concrete classes.
const clang::Stmt *associatedStmt(const clang::OpenACCConstructStmt *S);
llvm::StringRef directiveName(clang::OpenACCDirectiveKind K);

/// Whether the lexer met an identifier that starts with `acc_` in the file
/// or its headers: every call of an OpenACC routine, and every use of a
/// name openacc.h declares, has one (without it, no walk looks for them).
bool lexedAccName(const clang::ASTContext &Ctx);

/// Finds the directives of the main file, in source order.
std::vector<Directive> collectDirectives(clang::ASTContext &Ctx);

/// The range of a pragma's text starting at the '#' at Hash: up to the end of
/// its last token on the logical line (continuations followed), excluding
/// comments. Invalid if Hash is not a '#' in a file.
clang::CharSourceRange pragmaTextRange(const clang::SourceManager &SM,
                                       const clang::LangOptions &LO,
                                       clang::SourceLocation Hash);

/// Source text of an expression, as written (macro names, not expansions);
/// for a part of a macro's expansion, which no text of the file spells, the
/// expression as Clang prints it (never the text of the whole expansion).
std::string exprText(const clang::Expr *E, const clang::ASTContext &Ctx);
/// The file's text of E when there is one that is exactly E (written in the
/// file, in one macro argument, or a whole macro expansion); none for a
/// part of an expansion.
std::optional<std::string> exactExprText(const clang::Expr *E,
                                         const clang::ASTContext &Ctx);
/// The text of R when it lies in the string of a _Pragma operator (Clang
/// lexes it from a scratch buffer, which the expansion does not show).
std::optional<std::string> pragmaOperatorText(clang::SourceRange R,
                                              const clang::ASTContext &Ctx);

/// Whether Inner begins within Outer's source range (expansion locations).
bool stmtWithin(const clang::SourceManager &SM, const clang::Stmt *Inner,
                const clang::Stmt *Outer);

/// The last source location (expansion) of S or of anything inside it: an
/// OpenACC construct's own end is its directive's, not its statement's.
clang::SourceLocation lastLocation(const clang::Stmt *S,
                                   const clang::SourceManager &SM);

} // namespace ompm

#endif
