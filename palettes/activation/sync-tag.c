/* sync-tag.c: SyncTag, marks its diagram as a synchronous island.
 *
 * SampleClocks in a diagram holding a SyncTag (and in its sub-diagrams
 * without one of their own) are synchronous among themselves only, not
 * with the clocks outside. The compiler reads the tag while flattening; the
 * block has no ports, no parameters and no simulation function. */
#include "activation-classes.h"

#include <glib/gi18n-lib.h>

static gboolean
sync_tag_configure (OrrConfig *config, GError **error)
{
  orr_config_set_kind (config, ORR_BLOCK_SYNC_TAG);
  return TRUE;
}

const OrrBlockClass orr_sync_tag_class = {
  .name = "SyncTag",
  .palette = N_ ("Activation"),
  .label = N_ ("Sync tag"),
  .description = N_ ("Keeps the sample clocks of its diagram synchronous among themselves only."),
  .icon_text = "sync",
  .params = NULL,
  .n_params = 0,
  .configure = sync_tag_configure,
  .simulate = NULL,
};
