/* orr-paths.h: where Orrery's installed data is. An installed program
 * finds it next to itself (bin/../share), so an installation works from
 * any prefix, also one moved or unpacked elsewhere; failing that, the
 * folders it was built for. GLib only: orrery-sim uses it too. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The share folder holding orrery/ (and locale/), e.g. /usr/share. */
char *orr_paths_get_data_dir (void);
/* Where the message catalogues are, for bindtextdomain(). */
char *orr_paths_get_locale_dir (void);

G_END_DECLS
