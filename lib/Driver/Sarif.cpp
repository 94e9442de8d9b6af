//===- Sarif.cpp - A run's results as SARIF 2.1.0 -------------------------===//
#include "Driver/Sarif.h"
#include "Driver/Headers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace ompm {

namespace {

struct Rule {
  const char *Id, *Name, *Text, *Level;
};

// The rules, in the order of the log's rules array (ruleIndex).
const Rule Rules[] = {
    {"omp-migrate-translated", "Translated",
     "An OpenACC construct (or an offloaded loop) translated to OpenMP; the fix "
     "is the translation",
     "note"},
    {"omp-migrate-not-translated", "NotTranslated",
     "A construct omp-migrate cannot translate correctly: reported and left intact",
     "warning"},
    {"omp-migrate-warning", "TranslationWarning",
     "A translated construct or a data-placement decision the user must see "
     "(a kernels loop kept sequential, a kept critical section)",
     "warning"},
    {"omp-migrate-conflict", "ConfigurationConflict",
     "The translations of a file's compile commands differ at one place: the "
     "file is left intact",
     "warning"},
    {"omp-migrate-self-check", "SelfCheck",
     "The translation does not compile with an OpenMP compiler because of what "
     "reported constructs leave",
     "warning"},
    {"omp-migrate-file-skipped", "FileSkipped",
     "A file not translated: compile errors, a bad compile command, or a "
     "translation the self-check rejected",
     "error"},
};

enum RuleIndex { Translated, NotTranslated, Warning, Conflict, SelfCheck, Skipped };

class LogBuilder {
public:
  explicit LogBuilder(llvm::StringRef Root) : Root(Root) {}
  void add(const FileResult &R);
  llvm::json::Array take() { return std::move(Results); }

private:
  /// Path as a SARIF artifactLocation, relative to %SRCROOT% when below it.
  llvm::json::Object artifact(llvm::StringRef Path) {
    bool Relative = false;
    llvm::json::Object Artifact{{"uri", sarifUri(Path, Root, Relative)}};
    if (Relative)
      Artifact["uriBaseId"] = "%SRCROOT%";
    return Artifact;
  }
  llvm::json::Object location(llvm::StringRef Path, unsigned Line, unsigned Column) {
    llvm::json::Object Physical{{"artifactLocation", artifact(Path)}};
    if (Line)
      Physical["region"] = llvm::json::Object{{"startLine", Line},
                                              {"startColumn", Column ? Column : 1}};
    return llvm::json::Object{{"physicalLocation", std::move(Physical)}};
  }
  void result(RuleIndex I, std::string Message, llvm::json::Object Location,
              std::optional<llvm::json::Array> Fixes = std::nullopt) {
    llvm::json::Object O{{"ruleId", Rules[I].Id},
                         {"ruleIndex", static_cast<int>(I)},
                         {"level", Rules[I].Level},
                         {"message", llvm::json::Object{{"text", std::move(Message)}}},
                         {"locations", llvm::json::Array{std::move(Location)}}};
    if (Fixes)
      O["fixes"] = std::move(*Fixes);
    Results.push_back(std::move(O));
  }
  llvm::StringRef Root;
  llvm::json::Array Results;
};

void LogBuilder::add(const FileResult &R) {
  if (!R.Parsed) {
    std::string Why = R.Error.empty() ? "not translated" : R.Error;
    for (const SelfCheckFailure &F : R.SelfCheck)
      Why += "; self-check: " + F.What;
    result(Skipped, Why, location(R.Path, 0, 0));
    return;
  }
  for (const ConstructRecord &C : R.Conflicts)
    result(Conflict, C.Reason + "; the file is left intact", location(R.Path, C.Line, C.Column));
  // The constructs of the file, each with the edits that go with it.
  for (const ConstructFix &F : constructFixes(R)) {
    const ConstructRecord *C = F.Record;
    unsigned Line = C ? C->Line : 1, Column = C ? C->Column : 1;
    if (C && !C->Translated) {
      result(NotTranslated, F.Message, location(R.Path, Line, Column));
      continue;
    }
    llvm::json::Array Reps;
    for (const clang::tooling::Replacement &Rep : F.Edits)
      Reps.push_back(llvm::json::Object{
          {"deletedRegion", llvm::json::Object{{"byteOffset", Rep.getOffset()},
                                               {"byteLength", Rep.getLength()}}},
          {"insertedContent", llvm::json::Object{{"text", Rep.getReplacementText().str()}}}});
    std::optional<llvm::json::Array> Fixes;
    if (!Reps.empty()) {
      Fixes = llvm::json::Array{llvm::json::Object{
          {"description", llvm::json::Object{{"text", "Translate to OpenMP"}}},
          {"artifactChanges",
           llvm::json::Array{llvm::json::Object{{"artifactLocation", artifact(R.Path)},
                                                {"replacements", std::move(Reps)}}}}}};
    }
    result(Translated, F.Message, location(R.Path, Line, Column), std::move(Fixes));
  }
  // Records of headers not translated with the file, and the warnings.
  for (const ConstructRecord &C : R.Plan.Records) {
    if (!C.File.empty() && !C.Translated)
      result(NotTranslated, "'" + C.Kind + "' not translated: " + C.Reason,
             location(C.RealFile.empty() ? C.File : C.RealFile, C.Line, C.Column));
    for (const std::string &W : C.Warnings)
      result(Warning, W, location(R.Path, C.Line, C.Column));
  }
  for (const ConstructRecord &D : R.Plan.Decisions)
    for (const std::string &W : D.Warnings)
      result(Warning, W, location(R.Path, D.Line, D.Column));
  for (const SelfCheckFailure &F : R.SelfCheckWarnings)
    result(SelfCheck, "self-check: " + F.What, location(R.Path, F.InputLine, 1));
}

} // namespace

std::string sarifUri(llvm::StringRef Path, llvm::StringRef Root, bool &Relative) {
  llvm::SmallString<256> Norm(Path);
  llvm::sys::path::remove_dots(Norm, /*remove_dot_dot=*/true);
  std::optional<std::string> Below = pathBelow(Norm, Root);
  Relative = Below.has_value();
  llvm::StringRef P = Relative ? llvm::StringRef(*Below) : llvm::StringRef(Norm);
  std::string Out = Relative ? "" : "file://";
  for (char Ch : P) {
    if (llvm::isAlnum(Ch) || llvm::StringRef("-._~/").contains(Ch))
      Out += Ch;
    else
      Out += "%" + llvm::utohexstr(static_cast<unsigned char>(Ch), false, 2);
  }
  return Out;
}

llvm::json::Value sarifLog(const std::vector<FileResult> &Results, llvm::StringRef Root,
                           llvm::StringRef ToolVersion) {
  LogBuilder B(Root);
  for (const FileResult &R : Results)
    B.add(R);
  llvm::json::Array RuleArray;
  for (const Rule &R : Rules)
    RuleArray.push_back(llvm::json::Object{
        {"id", R.Id},
        {"name", R.Name},
        {"shortDescription", llvm::json::Object{{"text", R.Text}}},
        {"defaultConfiguration", llvm::json::Object{{"level", R.Level}}}});
  bool Unused;
  std::string RootUri = sarifUri(Root, "", Unused);
  if (!llvm::StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver",
                                   llvm::json::Object{{"name", "omp-migrate"},
                                                      {"version", ToolVersion.str()},
                                                      {"rules", std::move(RuleArray)}}}}},
      {"originalUriBaseIds",
       llvm::json::Object{{"%SRCROOT%", llvm::json::Object{{"uri", RootUri}}}}},
      {"results", B.take()}};
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
}

} // namespace ompm
