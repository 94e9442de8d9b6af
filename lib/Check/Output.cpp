//===- Output.cpp - Compare program outputs; read libomptarget info -------===//
#include "Check/Check.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <cmath>
#include <cstdlib>

namespace ompm {
namespace check {

static bool isPunct(char C) {
  return llvm::StringRef(",;:=()[]{}").contains(C);
}
static bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v'; }

std::vector<std::string> tokenize(llvm::StringRef Line) {
  std::vector<std::string> Toks;
  size_t I = 0, N = Line.size();
  while (I < N) {
    char C = Line[I];
    if (isSpace(C)) {
      ++I;
    } else if (isPunct(C)) {
      Toks.push_back(std::string(1, C));
      ++I;
    } else {
      size_t J = I;
      while (J < N && !isSpace(Line[J]) && !isPunct(Line[J]))
        ++J;
      Toks.push_back(Line.substr(I, J - I).str());
      I = J;
    }
  }
  return Toks;
}

static bool isInteger(llvm::StringRef T) {
  if (!T.empty() && (T[0] == '+' || T[0] == '-'))
    T = T.drop_front();
  return !T.empty() && llvm::all_of(T, llvm::isDigit);
}

std::optional<double> parseNumber(llvm::StringRef Tok) {
  llvm::StringRef T = Tok;
  if (!T.empty() && (T[0] == '+' || T[0] == '-'))
    T = T.drop_front();
  std::string Lower = T.lower();
  bool Special = Lower == "inf" || Lower == "infinity" || Lower == "nan";
  if (!Special) {
    // digits [. digits] | . digits, then an optional exponent; nothing else
    // (strtod alone would take hex, "1e", "nan(...)").
    size_t I = 0, D = 0;
    while (I < T.size() && llvm::isDigit(T[I]))
      ++I, ++D;
    if (I < T.size() && T[I] == '.') {
      ++I;
      while (I < T.size() && llvm::isDigit(T[I]))
        ++I, ++D;
    }
    if (D == 0)
      return std::nullopt;
    if (I < T.size() && (T[I] == 'e' || T[I] == 'E')) {
      size_t J = I + 1;
      if (J < T.size() && (T[J] == '+' || T[J] == '-'))
        ++J;
      size_t E = J;
      while (J < T.size() && llvm::isDigit(T[J]))
        ++J;
      if (J == E)
        return std::nullopt;
      I = J;
    }
    if (I != T.size())
      return std::nullopt;
  }
  std::string S = Tok.str();
  char *End = nullptr;
  double V = std::strtod(S.c_str(), &End);
  if (End != S.c_str() + S.size())
    return std::nullopt;
  return V; // overflow gives +-inf, which is what the program meant
}

bool tokensMatch(llvm::StringRef Ref, llvm::StringRef Got, const Tolerance &T) {
  if (Ref == Got)
    return true;
  std::optional<double> A = parseNumber(Ref), B = parseNumber(Got);
  if (!A || !B)
    return false;
  if (isInteger(Ref) && isInteger(Got)) {
    // Counts, indices, checksums: exactly (as text, so any width works;
    // "+3" == "3", "007" == "7", "-0" == "0").
    auto Norm = [](llvm::StringRef S) {
      bool Neg = S.consume_front("-");
      S.consume_front("+");
      S = S.ltrim('0');
      if (S.empty())
        return std::string("0");
      return (Neg ? "-" : "") + S.str();
    };
    return Norm(Ref) == Norm(Got);
  }
  double X = *A, Y = *B;
  if (std::isnan(X) || std::isnan(Y))
    return std::isnan(X) && std::isnan(Y);
  if (std::isinf(X) || std::isinf(Y))
    return X == Y;
  return std::fabs(Y - X) <= T.ATol + T.RTol * std::fabs(X);
}

static std::vector<llvm::StringRef> outputLines(llvm::StringRef S) {
  llvm::SmallVector<llvm::StringRef, 64> L;
  S.split(L, '\n');
  std::vector<llvm::StringRef> Lines;
  for (llvm::StringRef X : L)
    Lines.push_back(X.rtrim('\r'));
  while (!Lines.empty() && Lines.back().trim().empty())
    Lines.pop_back();
  return Lines;
}

std::optional<Mismatch> compareOutputs(llvm::StringRef Ref, llvm::StringRef Got,
                                       const Tolerance &T, llvm::StringRef RefName,
                                       llvm::StringRef GotName) {
  std::vector<llvm::StringRef> RL = outputLines(Ref), GL = outputLines(Got);
  size_t N = std::max(RL.size(), GL.size());
  for (size_t I = 0; I < N; ++I) {
    Mismatch M;
    M.Line = I + 1;
    bool Differ = false;
    if (I >= RL.size() || I >= GL.size()) {
      Differ = true;
    } else {
      std::vector<std::string> A = tokenize(RL[I]), B = tokenize(GL[I]);
      for (size_t K = 0; K < std::max(A.size(), B.size()); ++K) {
        if (K >= A.size() || K >= B.size() || !tokensMatch(A[K], B[K], T)) {
          Differ = true;
          M.RefToken = K < A.size() ? A[K] : "";
          M.GotToken = K < B.size() ? B[K] : "";
          break;
        }
      }
    }
    if (!Differ)
      continue;
    const char *End = "<end of output>";
    M.RefLine = I < RL.size() ? RL[I].str() : End;
    M.GotLine = I < GL.size() ? GL[I].str() : End;
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << "line " << M.Line << ": ";
    if (I >= RL.size() || I >= GL.size()) {
      OS << (I >= RL.size() ? RefName : GotName) << " output ends here";
    } else if (!M.RefToken.empty() || !M.GotToken.empty()) {
      OS << "'" << (M.RefToken.empty() ? End : M.RefToken) << "' vs '"
         << (M.GotToken.empty() ? End : M.GotToken) << "'";
      if (parseNumber(M.RefToken) && parseNumber(M.GotToken)) {
        if (isInteger(M.RefToken) && isInteger(M.GotToken))
          OS << " (integers differ)";
        else
          OS << " (beyond rtol=" << llvm::format("%g", T.RTol)
             << ", atol=" << llvm::format("%g", T.ATol) << ")";
      }
    }
    M.Summary = S;
    std::string R;
    llvm::raw_string_ostream RO(R);
    RO << "first difference at line " << M.Line << ":\n";
    auto Side = [&](const std::vector<llvm::StringRef> &L, llvm::StringRef Name) {
      RO << "  " << Name << " (" << L.size() << " lines):\n";
      size_t Lo = I >= 2 ? I - 2 : 0, Hi = std::min(L.size(), I + 3);
      for (size_t K = Lo; K < Hi; ++K)
        RO << "  " << (K == I ? '>' : ' ') << llvm::format(" %4u: ", unsigned(K + 1))
           << L[K] << "\n";
      if (I >= L.size())
        RO << "  >" << llvm::format(" %4u: ", unsigned(I + 1)) << End << "\n";
    };
    Side(RL, RefName);
    Side(GL, GotName);
    M.Report = R;
    return M;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------

static bool isInfoCopyLine(llvm::StringRef L, bool &H2D) {
  if (L.contains("Copying data from host to device")) {
    H2D = true;
    return true;
  }
  if (L.contains("Copying data from device to host")) {
    H2D = false;
    return true;
  }
  return false;
}

TransferStats parseOffloadInfo(llvm::StringRef Stderr) {
  TransferStats S;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Stderr.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    bool H2D = false;
    if (!isInfoCopyLine(L, H2D))
      continue;
    uint64_t Size = 0;
    size_t P = L.find("Size=");
    if (P != llvm::StringRef::npos) {
      llvm::StringRef Num = L.substr(P + 5);
      Num = Num.take_while(llvm::isDigit);
      if (Num.getAsInteger(10, Size))
        Size = 0;
    }
    if (H2D) {
      S.H2DBytes += Size;
      ++S.H2DCopies;
    } else {
      S.D2HBytes += Size;
      ++S.D2HCopies;
    }
  }
  return S;
}

std::string stripOffloadInfo(llvm::StringRef Stderr) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Stderr.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    if (L.contains(" info: ") &&
        (L.contains("omptarget device ") || L.contains("\"PluginInterface\" device ")))
      continue;
    if (I + 1 == Lines.size() && L.empty())
      break;
    Out += L.str();
    Out += "\n";
  }
  return Out;
}

std::string formatBytes(uint64_t B) {
  if (B < 1024)
    return std::to_string(B) + " B";
  const char *Units[] = {"KiB", "MiB", "GiB", "TiB"};
  double V = double(B) / 1024;
  int U = 0;
  while (V >= 1024 && U < 3)
    V /= 1024, ++U;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.1f ", V) << Units[U];
  return S;
}

std::string xmlEscape(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&apos;"; break;
    case '\n': Out += "&#10;"; break;
    case '\t': Out += "&#9;"; break;
    default:
      // XML 1.0 forbids most control characters.
      if (static_cast<unsigned char>(C) < 0x20 && C != '\r')
        Out += "?";
      else
        Out += C;
    }
  }
  return Out;
}

} // namespace check
} // namespace ompm
