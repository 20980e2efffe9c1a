// A brush stroke as the session tests make one: a tool along `points` with a radius and a
// strength, everything else as a new BrushStroke has it (smooth falloff, seed 0, start 0).
#pragma once

#include <utility>
#include <vector>

#include "core/brush_stroke.h"

namespace terrain::testing {

inline BrushStroke brush_stroke(BrushTool tool, double radius, double strength,
                                std::vector<Point> points) {
  BrushStroke stroke;
  stroke.tool = tool;
  stroke.radius = radius;
  stroke.strength = strength;
  stroke.points = std::move(points);
  return stroke;
}

}  // namespace terrain::testing
