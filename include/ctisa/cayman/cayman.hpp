// Everything of ctisa's AMD Cayman (Radeon HD 6900) microcode support.
#pragma once

#include "description.hpp"
