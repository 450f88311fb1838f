// The public host headers compile as C++ (-Wall -Wextra -Werror) and link against the C library:
// device info, a launch of a documented kernel through its family, status strings.
#include <cstdio>
#include <cstring>
#include <vector>

#include "family.h"
#include "kernel_args.h"
#include "sgk/sgk.h"

SGK_DECLARE_KERNEL(vec_copy);

int main() {
  sgk_device_info info;
  if (sgk_get_device_info(&info) != SGK_SUCCESS) return 1;
  std::vector<int32_t> src(4096), dst(4096, 0);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<int32_t>(i * 7);
  vec_copy_args args{src.data(), dst.data()};
  const sgk_range range = sgk_range_1d(src.size(), 64);
  sgk_launch_options opt{};
  opt.sub_group_size = 16;
  if (sgk_launch(&vec_copy, &range, &opt, &args, nullptr) != SGK_SUCCESS) return 1;
  if (std::memcmp(src.data(), dst.data(), src.size() * sizeof(int32_t)) != 0) return 1;
  if (sgk_launch(nullptr, &range, &opt, &args, nullptr) != SGK_ERROR_NULL_ARGUMENT) return 1;
  if (sgk_family_find("matmul") == nullptr) return 1;
  std::printf("cxx: 1 passed, 0 failed (%s)\n", sgk_status_string(SGK_SUCCESS));
  return 0;
}
