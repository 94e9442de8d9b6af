//===- Report.cpp - omp-migrate check: the table, JSON and JUnit XML ------===//
#include "Check/Program.h"
#include "llvm/Support/Format.h"

namespace ompm {
namespace check {

namespace {

std::string seconds(const Variant &V) {
  if (!V.Ran)
    return "-";
  if (V.Run.TimedOut)
    return "timeout";
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.2f s", V.Run.Seconds);
  return S;
}

std::string transfers(uint64_t Bytes, uint64_t Copies, bool Ran) {
  if (!Ran)
    return "-";
  return formatBytes(Bytes) + " / " + std::to_string(Copies);
}

} // namespace

void printTable(llvm::raw_ostream &OS, const std::vector<ProgramResult> &Rs, bool AlsoGcc) {
  std::vector<std::vector<std::string>> Rows;
  std::vector<std::string> Head = {"program", "result", "orig time", "omp time"};
  if (AlsoGcc)
    Head.push_back("gcc-omp time");
  Head.push_back("H2D bytes / copies");
  Head.push_back("D2H bytes / copies");
  Rows.push_back(Head);
  for (const ProgramResult &R : Rs) {
    std::vector<std::string> Row = {R.Spec.Name, R.Result, seconds(R.Orig), seconds(R.Omp)};
    if (AlsoGcc)
      Row.push_back(R.HasGcc ? seconds(R.Gcc) : "-");
    Row.push_back(transfers(R.Transfers.H2DBytes, R.Transfers.H2DCopies, R.Omp.Ran));
    Row.push_back(transfers(R.Transfers.D2HBytes, R.Transfers.D2HCopies, R.Omp.Ran));
    Rows.push_back(Row);
  }
  std::vector<size_t> W(Head.size(), 0);
  for (const auto &Row : Rows)
    for (size_t I = 0; I < Row.size(); ++I)
      W[I] = std::max(W[I], Row[I].size());
  for (size_t K = 0; K < Rows.size(); ++K) {
    const auto &Row = Rows[K];
    std::string Line;
    for (size_t I = 0; I < Row.size(); ++I) {
      if (I)
        Line += "  ";
      std::string Pad(W[I] - Row[I].size(), ' ');
      Line += I < 2 ? Row[I] + Pad : Pad + Row[I]; // names left, numbers right
    }
    OS << llvm::StringRef(Line).rtrim() << "\n";
    if (K == 0) {
      size_t Total = 0;
      for (size_t X : W)
        Total += X + 2;
      OS << std::string(Total - 2, '-') << "\n";
    }
  }
}

namespace {

llvm::json::Value variantJson(const Variant &V, unsigned Timeout) {
  llvm::json::Object O{{"compiler", V.Compiler},
                       {"command", quoteCommand(V.BuildCmd)},
                       {"built", V.Built}};
  if (V.Ran) {
    O["seconds"] = V.Run.Seconds;
    O["timed_out"] = V.Run.TimedOut;
    if (V.Run.Crashed)
      O["signal"] = V.Run.Signal;
    else if (!V.Run.TimedOut)
      O["exit_code"] = V.Run.Exit;
  }
  return llvm::json::Value(std::move(O));
}

/// The launch check: how many kernel launches were read and matched to a
/// construct, and each pointer a kernel used while it held a host address.
llvm::json::Value launchesJson(const LaunchReport &L) {
  llvm::json::Array Unmapped;
  for (const UnmappedPointer &P : L.Unmapped) {
    llvm::json::Object O{{"file", P.File},
                                          {"line", P.Line},
                                          {"column", P.Column},
                                          {"directive", P.Directive},
                                          {"variable", P.Name},
                                          {"type", P.Type},
                                          {"use_line", P.UseLine},
                                          {"argument", P.Arg},
                                          {"reason", P.Reason},
                                          {"launches", P.Launches},
                                          {"of_launches", P.Of}};
    if (!P.Original.empty()) {
      O["original"] = P.Original;
      O["original_line"] = P.OriginalLine;
    }
    Unmapped.push_back(std::move(O));
  }
  return llvm::json::Object{{"kernel_launches", L.Launches},
                            {"checked", L.Checked},
                            {"without_source_location", L.Unnamed},
                            {"overlapping", L.Overlapping},
                            {"unmapped", std::move(Unmapped)}};
}

} // namespace

llvm::json::Value resultJson(const ProgramResult &R) {
  llvm::json::Array Srcs;
  for (const std::string &S : R.Spec.Sources)
    Srcs.push_back(S);
  llvm::json::Object O{{"name", R.Spec.Name},
                       {"sources", std::move(Srcs)},
                       {"result", R.Result},
                       {"passed", R.passed()},
                       {"original_model", R.OriginalKind},
                       {"constructs", R.Constructs},
                       {"constructs_translated", R.Translated},
                       {"rtol", R.Tol.RTol},
                       {"atol", R.Tol.ATol},
                       {"timeout", R.Timeout},
                       {"seconds", R.Seconds}};
  if (!R.passed()) {
    O["message"] = R.Message;
    O["details"] = R.Details;
  }
  if (!R.Orig.BuildCmd.empty())
    O["original"] = variantJson(R.Orig, R.Timeout);
  if (!R.Omp.BuildCmd.empty()) {
    llvm::json::Value V = variantJson(R.Omp, R.Timeout);
    if (R.Omp.Ran)
      V.getAsObject()->insert(
          {"transfers", llvm::json::Object{{"h2d_bytes", int64_t(R.Transfers.H2DBytes)},
                                           {"h2d_copies", int64_t(R.Transfers.H2DCopies)},
                                           {"d2h_bytes", int64_t(R.Transfers.D2HBytes)},
                                           {"d2h_copies", int64_t(R.Transfers.D2HCopies)}}});
    if (R.LaunchChecked)
      V.getAsObject()->insert({"launches", launchesJson(R.Launches)});
    else if (!R.LaunchNote.empty())
      V.getAsObject()->insert({"launches", llvm::json::Object{{"note", R.LaunchNote}}});
    O["translated"] = std::move(V);
  }
  if (R.HasGcc)
    O["translated_gcc"] = variantJson(R.Gcc, R.Timeout);
  if (R.Kept)
    O["work_dir"] = R.WorkDir;
  return llvm::json::Value(std::move(O));
}

std::string junitXml(const std::vector<ProgramResult> &Rs, double Total) {
  unsigned Failures = 0;
  for (const ProgramResult &R : Rs)
    Failures += !R.passed();
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  OS << "<testsuite name=\"omp-migrate check\" tests=\"" << Rs.size() << "\" failures=\""
     << Failures << "\" errors=\"0\" skipped=\"0\" time=\"" << llvm::format("%.3f", Total)
     << "\">\n";
  for (const ProgramResult &R : Rs) {
    OS << "  <testcase classname=\"omp-migrate.check\" name=\"" << xmlEscape(R.Spec.Name)
       << "\" time=\"" << llvm::format("%.3f", R.Seconds) << "\"";
    if (R.passed()) {
      OS << "/>\n";
      continue;
    }
    OS << ">\n    <failure type=\"" << R.Result << "\" message=\"" << xmlEscape(R.Message)
       << "\">" << xmlEscape(R.Message + "\n" + R.Details) << "</failure>\n";
    OS << "  </testcase>\n";
  }
  OS << "</testsuite>\n";
  return S;
}

} // namespace check
} // namespace ompm
