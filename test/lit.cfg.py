# lit configuration for omp-migrate: translation tests (test/lit), execution tests (test/exec).
import os
import shutil
import subprocess
import lit.formats

config.name = "omp-migrate"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "unit", "vv", "bench"]
config.test_source_root = os.path.join(config.ompm_src_root, "test")
config.test_exec_root = os.path.join(config.ompm_obj_root, "test")

llvm_bin = "/usr/lib/llvm-22/bin"
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(config.ompm_obj_root, "bin"), llvm_bin, config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "TMPDIR", "LANG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

tool = os.path.join(config.ompm_obj_root, "bin", "omp-migrate")
config.substitutions.append(("%omp-migrate", tool))
config.substitutions.append(("%FileCheck", os.path.join(llvm_bin, "FileCheck")))
config.substitutions.append(("%src_root", config.ompm_src_root))
config.substitutions.append(("%samples", os.path.join(config.ompm_src_root, "samples")))
# The CPU stand-in for a GPU: an offload target that keeps its own device memory.
config.substitutions.append(("%clang19-offload",
    "clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O1 -Wno-unknown-pragmas"))
config.substitutions.append(("%gcc-openmp", "gcc -fopenmp -O1 -foffload=disable"))
config.substitutions.append(("%gcc-openacc", "gcc -fopenacc -foffload=disable -O1"))
config.environment["LD_LIBRARY_PATH"] = "/usr/lib/llvm-19/lib"

if (shutil.which("clang-19") and os.path.exists("/usr/lib/llvm-19/lib/libomptarget.so")
        and os.path.exists("/usr/lib/llvm-19/bin/clang-offload-packager")):
    config.available_features.add("offload-cpu")
# The clang-tidy module (tidy/) and the clang-tidy it is built for.
if config.ompm_tidy_module and os.path.exists(config.ompm_tidy_module):
    config.available_features.add("tidy-module")
    config.substitutions.append(("%tidy-module", config.ompm_tidy_module))
if os.path.exists(os.path.join(llvm_bin, "clang-apply-replacements")):
    config.available_features.add("clang-apply-replacements")
if shutil.which("gcc"):
    config.available_features.add("gcc")
# The official SARIF 2.1.0 schema, where the environment names one.
sarif_schema = os.environ.get("OMPM_SARIF_SCHEMA", "")
if sarif_schema and os.path.exists(sarif_schema) and subprocess.run(
        ["python3", "-c", "import jsonschema"], capture_output=True).returncode == 0:
    config.available_features.add("sarif-schema")
    config.substitutions.append(("%sarif-schema", sarif_schema))
