"""Builds factline._core with CMake (python/CMakeLists.txt) for pip.

The project metadata is in pyproject.toml; this file only supplies the
build step: configure the repository with only the library and the Python
extension (no tests, tools or benchmarks), build the extension for the
interpreter running pip, and copy it where setuptools packages it.
Environment: FACTLINE_BUILD_TYPE (default Release), FACTLINE_JOBS (default
2), CMAKE_ARGS (extra configure arguments), FACTLINE_CMAKE_BUILD_DIR (reuse
an existing build directory instead of a fresh one under build-pip/).
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name)).resolve()
        reuse = os.environ.get("FACTLINE_CMAKE_BUILD_DIR")
        if reuse:
            # An existing build directory (CI: the one scripts/test.sh made);
            # only the extension is (re)built there.
            build = (ROOT / reuse).resolve()
            configure = ["cmake", "-S", str(ROOT), "-B", str(build)]
        else:
            build = Path(self.build_temp).resolve() / "cmake"
            configure = [
                "cmake", "-S", str(ROOT), "-B", str(build),
                "-DCMAKE_BUILD_TYPE="
                + os.environ.get("FACTLINE_BUILD_TYPE", "Release"),
                "-DFACTLINE_BUILD_TESTS=OFF", "-DFACTLINE_BUILD_TOOLS=OFF",
                "-DFACTLINE_BUILD_BENCHMARKS=OFF",
            ]
            if shutil.which("ccache"):
                configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        configure += ["-DFACTLINE_BUILD_PYTHON=ON",
                      "-DPython3_EXECUTABLE=" + sys.executable]
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        subprocess.run(
            ["cmake", "--build", str(build), "--target", "factline_python",
             "-j", os.environ.get("FACTLINE_JOBS", "2")],
            check=True,
        )
        built = sorted((build / "python" / "factline").glob("_core*.so"))
        if not built:
            raise RuntimeError("CMake built no factline/_core*.so in %s" % build)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    ext_modules=[CMakeExtension("factline._core")],
    cmdclass={"build_ext": CMakeBuild},
    # Keep setuptools' scratch out of build/, the CMake build directory.
    options={"build": {"build_base": "build-pip"}},
)
