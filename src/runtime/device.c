#include <omp.h>
#include <string.h>

#include "internal.h"

const char *sgk_cpu_vendor(void) { return sgk__cpu()->vendor; }

sgk_status sgk_get_device_info(sgk_device_info *info) {
  if (!info) return sgk__fail(SGK_ERROR_NULL_ARGUMENT, "sgk_get_device_info: info is NULL");
  memset(info, 0, sizeof *info);
  const sgk_cpu *cpu = sgk__cpu();
  memcpy(info->cpu_name, cpu->name, sizeof info->cpu_name);
  info->cpu_name[sizeof info->cpu_name - 1] = 0;
  info->isas_compiled = sgk__isas_compiled();
  for (int i = SGK_ISA_SCALAR; i < SGK_ISA_COUNT; ++i)
    if (sgk_isa_available((sgk_isa)i)) info->isas_available |= 1u << i;
  info->sub_group_sizes[0] = 8;
  info->sub_group_sizes[1] = 16;
  info->sub_group_sizes[2] = 32;
  info->num_sub_group_sizes = 3;
  info->max_work_group_size = SGK_MAX_WORK_GROUP_SIZE;
  info->local_mem_size = SGK_LOCAL_MEM_SIZE;
  info->max_threads = (uint32_t)omp_get_max_threads();
  info->l1d_cache_bytes = cpu->l1d;
  info->l2_cache_bytes = cpu->l2;
  info->l3_cache_bytes = cpu->l3;
  sgk_status st = sgk_resolve_isa(SGK_ISA_AUTO, &info->isa);
  if (st != SGK_SUCCESS) return st;
  info->native_sub_group_size = sgk_isa_native_sub_group_size(info->isa);
  return SGK_SUCCESS;
}
