// Scalar reference kernel for embedding_kernels.hpp.
#include <cstdint>

#include "embedding_kernels.hpp"

namespace phasor::kernels {

void embedding_sums__scalar(PhasorState& st, std::int64_t rows, const TokenSource& tokens, double scale,
                            EmbeddingSums* out) {
  const std::int64_t h = st.pairs;
  for (std::int64_t r = 0; r < rows; ++r) {
    const TokenSource e = tokens.from(r * 2 * h);
    EmbeddingAccumulator acc[2][2];  // [sine, cosine entries][even, odd pairs]
    for (std::int64_t i = 0; i < h; ++i) {
      const double s = st.sin[i];
      const double c = st.cos[i];
      acc[0][i & 1].add(e.entry(2 * i), s, scale);
      acc[1][i & 1].add(e.entry(2 * i + 1), c, scale);
      // The phase walk's rotation (phasor_rows_scalar.cpp).
      st.sin[i] = s * st.step_cos[i] + c * st.step_sin[i];
      st.cos[i] = c * st.step_cos[i] - s * st.step_sin[i];
    }
    out[r] = combine(acc);
  }
}

}  // namespace phasor::kernels
