//===- SerialRows.cpp - Run-time tests of the rows of sparse structures ---===//
//
// A loop over the rows of a compressed sparse row structure that writes
// the elements of its rows (`for (j ...) for (k = rowstr[j]; k <
// rowstr[j+1]; k++) colidx[k] = ...`) is parallel when the rows are
// disjoint, that is when rowstr does not decrease over them: no static
// analysis of the code that built rowstr proves that, a test before the
// loop does (Facts/Dependence: RowTest). The loop is versioned as for
// pointers that may overlap: `if (test) { kernel } else the loop`. The
// test is a helper function the file gets once per element type, before
// the first function that calls it:
//
//   static int omp_migrate_rows_ascend_int(const int *rows, long long from,
//                                          long long to) { ... }
//
//===----------------------------------------------------------------------===//
#include "Translate/Serial.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ompm {

std::string SerialTranslator::rowTests(const SerialLoop &L, std::string &Why) {
  std::vector<std::string> Tests;
  for (const RowTest &T : L.RowTests) {
    QualType Elem;
    QualType RT = T.Rows->getType();
    if (const auto *AT = Ctx.getAsArrayType(RT))
      Elem = AT->getElementType();
    else if (RT->isPointerType())
      Elem = RT->getPointeeType();
    if (Elem.isNull() || !Elem->isIntegerType() || Elem->isBooleanType() ||
        Elem->isEnumeralType()) {
      Why = "the iterations reach disjoint rows only when '" + T.Rows->getNameAsString() +
            "' does not decrease, and its elements are not of an integer type a test "
            "can take";
      return "";
    }
    if (!L.Fn->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
        L.Fn->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
        SM.getExpansionLoc(L.Fn->getBeginLoc()).isInvalid() ||
        !SM.isWrittenInMainFile(SM.getExpansionLoc(L.Fn->getBeginLoc()))) {
      Why = "the iterations reach disjoint rows only when '" + T.Rows->getNameAsString() +
            "' does not decrease, and the function of the test would go before a "
            "function that is not at file scope in the main file";
      return "";
    }
    PrintingPolicy PP(Ctx.getLangOpts());
    std::string Type = Elem.getCanonicalType().getUnqualifiedType().getAsString(PP);
    auto It = llvm::find_if(RowHelpers, [&](const RowHelper &H) { return H.Type == Type; });
    if (It == RowHelpers.end()) {
      std::string Base = "omp_migrate_rows_ascend_";
      for (char C : Type)
        Base += llvm::isAlnum(C) ? C : '_';
      std::string Name = Base;
      // A name no identifier of the file or its headers has.
      for (unsigned N = 2; Ctx.Idents.find(Name) != Ctx.Idents.end(); ++N)
        Name = Base + std::to_string(N);
      RowHelpers.push_back({Name, Type, {}, {}});
      It = RowHelpers.end() - 1;
    }
    size_t Index = static_cast<size_t>(It - RowHelpers.begin());
    if (!llvm::is_contained(RowHelpersOfLoop, Index))
      RowHelpersOfLoop.push_back(Index);
    Tests.push_back(It->Name + "(" + T.Rows->getNameAsString() + ", " + T.From.str() + ", " +
                    T.To.str() + ")");
  }
  return llvm::join(Tests, " && ");
}

void SerialTranslator::rowHelperEdits() {
  for (const RowHelper &H : RowHelpers) {
    if (H.Users.empty())
      continue;
    // Before the first function (in the file) whose loops call it.
    const FunctionDecl *First = nullptr;
    for (const FunctionDecl *Fn : H.Users)
      if (!First || SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Fn->getBeginLoc()),
                                                 SM.getExpansionLoc(First->getBeginLoc())))
        First = Fn;
    EditSet E(SM);
    E.insertLinesBefore(
        SM.getExpansionLoc(First->getBeginLoc()),
        {"/* omp-migrate: whether rows[from..to] does not decrease, so that the rows of a",
         "   sparse structure a versioned loop reaches are disjoint */",
         "static int " + H.Name + "(const " + H.Type + " *rows, long long from, long long to) {",
         "  long long x;", "  for (x = from; x < to; x++)", "    if (rows[x] > rows[x + 1])",
         "      return 0;", "  return 1;", "}", ""});
    Pending.insert(Pending.end(), E.edits().begin(), E.edits().end());
    for (size_t Index : H.Loops)
      Out.Loops[Index].Fix.insert(Out.Loops[Index].Fix.end(), E.edits().begin(),
                                  E.edits().end());
  }
}

} // namespace ompm
