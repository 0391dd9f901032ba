# SPDX-License-Identifier: MIT
"""ctisa's header generator: ISA specs in, include/ctisa/<isa>/generated/*.hpp out."""
