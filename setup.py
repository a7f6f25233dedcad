# The metadata lives in pyproject.toml; cffi's setuptools integration still needs this call.
from setuptools import setup

setup(cffi_modules=["csrc/ffi_build.py:ffibuilder"])
