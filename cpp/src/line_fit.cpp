// Straight lines fitted to points (x, y) with weights: least squares, the
// least maximum weighted residual, and how well the slope is known. identifyRope
// fits log frequencies against the pair index with them (rope_schemes.cpp).
#include "line_fit.hpp"

#include <cmath>
#include <tuple>

namespace phasor {

// Weighted least squares of y on x: {intercept, slope} (no weights: all 1).
std::pair<double, double> line(const std::vector<double>& x, const std::vector<double>& y,
                               const std::vector<double>& weight) {
  double sw = 0.0, mx = 0.0, my = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double w = weight.empty() ? 1.0 : weight[k];
    sw += w;
    mx += w * x[k];
    my += w * y[k];
  }
  mx /= sw;
  my /= sw;
  double sxy = 0.0, sxx = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double w = weight.empty() ? 1.0 : weight[k];
    sxy += w * (x[k] - mx) * (y[k] - my);
    sxx += w * (x[k] - mx) * (x[k] - mx);
  }
  const double slope = sxx > 0.0 ? sxy / sxx : 0.0;
  return {my - slope * mx, slope};
}

// Lawson's iteration: least squares whose weights grow where the weighted
// residual is large, towards the line of least maximum weighted residual;
// from the least-squares line (a, b).
std::pair<double, double> minimax_line(const std::vector<double>& x, const std::vector<double>& y,
                                       const std::vector<double>& weight, double a, double b) {
  std::vector<double> u(x.size(), 1.0), w(x.size());
  for (int round = 0; round < 40; ++round) {
    double total = 0.0;
    for (std::size_t k = 0; k < x.size(); ++k) {
      u[k] *= std::fabs(y[k] - a - b * x[k]) * std::sqrt(weight[k]);
      total += u[k];
    }
    if (!(total > 0.0) || !std::isfinite(total)) break;
    for (std::size_t k = 0; k < x.size(); ++k) w[k] = weight[k] * u[k] / total;
    std::tie(a, b) = line(x, y, w);
  }
  return {a, b};
}

// How far the slope of the weighted least-squares line (a, b) may be off: three
// of its standard errors, from the residuals themselves (0 for two points).
double slope_uncertainty(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& weight,
                         double a, double b) {
  if (x.size() < 3) return 0.0;
  double sw = 0.0, mx = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    sw += weight[k];
    mx += weight[k] * x[k];
  }
  mx /= sw;
  double residual = 0.0, sxx = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double e = y[k] - a - b * x[k];
    residual += weight[k] * e * e;
    sxx += weight[k] * (x[k] - mx) * (x[k] - mx);
  }
  return sxx > 0.0 ? 3.0 * std::sqrt(residual / static_cast<double>(x.size() - 2) / sxx) : 0.0;
}

}  // namespace phasor
