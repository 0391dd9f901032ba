// AMD IL: everything in one include.
#pragma once

#include "description.hpp"
#include "isa.hpp"
