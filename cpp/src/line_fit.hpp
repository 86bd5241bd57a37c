// Straight lines fitted to points (x, y) with weights (line_fit.cpp).
#pragma once

#include <utility>
#include <vector>

namespace phasor {

// Weighted least squares of y on x: {intercept, slope} (no weights: all 1).
std::pair<double, double> line(const std::vector<double>& x, const std::vector<double>& y,
                               const std::vector<double>& weight = {});

// The line of least maximum weighted residual, from the least-squares line (a, b).
std::pair<double, double> minimax_line(const std::vector<double>& x, const std::vector<double>& y,
                                       const std::vector<double>& weight, double a, double b);

// Three standard errors of the least-squares slope b, from the residuals (0 for two points).
double slope_uncertainty(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& weight,
                         double a, double b);

}  // namespace phasor
