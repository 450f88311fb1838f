#include "ids_oracle.h"

#include <stdio.h>

#include "runtime_kernels.h"

int ids_match(const int32_t *out, const sgk_range *r, uint32_t w, char *msg, size_t cap) {
  static const char *const names[ID_FIELDS] = {"gid0",   "gid1",    "gid2",   "lid0",   "lid1",
                                               "lid2",   "group0",  "group1", "group2", "sg_id",
                                               "sg_lid", "sg_size", "sg_max", "lin",    "llin"};
  /* ranges padded to 3-D on the left: dimension d of the range is k = pad + d here */
  size_t g3[3] = {1, 1, 1}, l3[3] = {1, 1, 1};
  const uint32_t pad = 3 - r->dims;
  for (uint32_t d = 0; d < r->dims; ++d) {
    g3[pad + d] = r->global[d];
    l3[pad + d] = r->local[d];
  }
  const size_t L = l3[0] * l3[1] * l3[2], n = g3[0] * g3[1] * g3[2];
  for (size_t lin = 0; lin < n; ++lin) {
    const size_t id[3] = {lin / (g3[1] * g3[2]), lin / g3[2] % g3[1], lin % g3[2]};
    const size_t llin = (id[0] % l3[0] * l3[1] + id[1] % l3[1]) * l3[2] + id[2] % l3[2];
    int32_t want[ID_FIELDS];
    for (uint32_t d = 0; d < 3; ++d) { /* field d: range dimension d, -1 past dims */
      const int used = d < r->dims;
      const size_t k = pad + d;
      want[F_GID0 + d] = used ? (int32_t)id[k] : -1;
      want[F_LID0 + d] = used ? (int32_t)(id[k] % l3[k]) : -1;
      want[F_GROUP0 + d] = used ? (int32_t)(id[k] / l3[k]) : -1;
    }
    const size_t sg = llin / w, rest = L - sg * w;
    want[F_SG_ID] = (int32_t)sg;
    want[F_SG_LID] = (int32_t)(llin % w);
    want[F_SG_SIZE] = (int32_t)(rest < w ? rest : w);
    want[F_SG_MAX] = (int32_t)w;
    want[F_LIN] = (int32_t)lin;
    want[F_LLIN] = (int32_t)llin;
    const int32_t *f = out + lin * ID_FIELDS;
    for (int k = 0; k < ID_FIELDS; ++k)
      if (f[k] != want[k]) {
        snprintf(msg, cap, "%uD range, item (%zu,%zu,%zu) of (%zu,%zu,%zu), W %u: %s = %d, want %d",
                 r->dims, id[0], id[1], id[2], g3[0], g3[1], g3[2], w, names[k], f[k], want[k]);
        return 0;
      }
  }
  return 1;
}
