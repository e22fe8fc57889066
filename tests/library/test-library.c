/* test-library.c: user libraries through the engine API: creating one,
 * adding, listing and loading blocks, references kept in model files,
 * resolving them (also where the library is missing), new versions that
 * may add but not remove, updating a model's block, and locking.
 *
 * The test block is a masked "Ball" super block: Constant(-g) ->
 * Integrator(x0 = 0) -> Gain(e) -> Output, so its output is
 * y(t) = -e g t, which the runs are checked against. Version 1.1 adds a
 * parameter r and computes y(t) = -e (g - r) t.
 */
#include "model-run.h"

#include <orrery/orr-io.h>
#include <orrery/orr-library.h>

#include <glib/gstdio.h>
#include <string.h>

#define BALL "mechanics/Ball"
#define KEY "mech"

/* Tolerance on y(1): the runs use rtol 1e-10, atol 1e-12 on a ramp. */
#define TOL 1e-6

static char *
make_tmp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("orrery-library-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* The Ball as a library author builds it in a scratch model: masked
 * parameters g (default 9.81) and e (0.5), and with with_r a third one,
 * r (0.1). with_e FALSE builds a Ball that dropped e. */
static OrrBlock *
build_ball (OrrModel *scratch, gboolean with_e, gboolean with_r)
{
  OrrBlock *ball = add_block (scratch, NULL, "Ball", 0, 1, 0, 0, NULL);
  OrrDiagram *inside = ball->child;
  OrrBlock *c = add_block_in (scratch, inside, "Constant", "Weight", 0, 1, 0, 0, "value",
                              with_r ? "-(g - r)" : "-g", NULL);
  OrrBlock *i = add_block_in (scratch, inside, "Integrator", "Speed", 1, 1, 0, 0, "x0", "0", NULL);
  OrrBlock *k = add_block_in (scratch, inside, "Gain", "Restitution", 1, 1, 0, 0, "gain",
                              with_e ? "e" : "1", NULL);
  OrrBlock *o = add_block_in (scratch, inside, "Output", "Out", 1, 0, 0, 0, "port", "1", NULL);
  OrrMask *mask = orr_mask_new ();

  link_data (scratch, c, 1, i, 1);
  link_data (scratch, i, 1, k, 1);
  link_data (scratch, k, 1, o, 1);
  g_ptr_array_add (mask->params, orr_mask_param_new ("g", "Gravity", "9.81"));
  if (with_e)
    g_ptr_array_add (mask->params, orr_mask_param_new ("e", "Restitution", "0.5"));
  if (with_r)
    g_ptr_array_add (mask->params, orr_mask_param_new ("r", "Radius", "0.1"));
  mask->description = g_strdup ("A falling ball.");
  orr_model_set_mask (scratch, ball, mask);
  return ball;
}

/* A library in dir at version (made through new_version when not "1.0",
 * with no predecessor to check) holding a Ball. */
static OrrLibrary *
make_library (const char *dir, const char *version, gboolean with_e, gboolean with_r)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrModel) scratch = orr_model_new ();
  OrrLibrary *library = orr_library_create (dir, "Mechanics", KEY, &error);

  g_assert_no_error (error);
  g_assert_true (
    orr_library_add_block (library, BALL, build_ball (scratch, with_e, with_r), &error));
  g_assert_no_error (error);
  if (strcmp (version, "1.0") != 0)
    {
      g_assert_true (orr_library_new_version (library, version, NULL, &error));
      g_assert_no_error (error);
    }
  return library;
}

/* A model with the Ball from library (g = 2, e = 0.5 set on it) inside a
 * super block "Plant", feeding a Scope at the root. */
static OrrModel *
make_model (OrrLibrary *library, OrrBlock **out_ball)
{
  g_autoptr (GError) error = NULL;
  OrrModel *model = new_precise_model (1.0, 0);
  OrrBlock *plant = add_block (model, NULL, "Plant", 0, 1, 0, 0, NULL);
  OrrBlock *out
    = add_block_in (model, plant->child, "Output", "Out", 1, 0, 0, 0, "port", "1", NULL);
  OrrBlock *scope = add_block (model, "Scope", "Scope", 1, 0, 0, 0, NULL);
  OrrBlock *ball = orr_library_place_block (library, BALL, model, plant->child, 100, 50, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ball);
  orr_model_set_block_label (model, ball, "Ball");
  orr_model_set_param (model, ball, "g", "2");
  orr_model_set_param (model, ball, "e", "0.5");
  link_data (model, ball, 1, out, 1);
  link_data (model, plant, 1, scope, 1);
  if (out_ball != NULL)
    *out_ball = ball;
  return model;
}

/* y(1) as the Scope recorded it. */
static double
final_output (OrrModel *model)
{
  g_autoptr (Run) run = run_model_ok (model, NULL);
  Recording *r = recording (run, "Scope");
  guint last = r->t->len - 1;

  g_assert_cmpuint (r->t->len, >, 1);
  g_assert_cmpfloat_with_epsilon (T (r, last), 1.0, 1e-12);
  return V (r, last, 0);
}

static void
test_create_reopen_load (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) made = make_library (dir, "1.0", TRUE, FALSE);
  g_autoptr (OrrLibrary) library = orr_library_open (dir, &error);
  g_autofree char *file = g_build_filename (dir, "mechanics", "Ball.orrb", NULL);
  g_auto (GStrv) blocks = NULL;
  g_autoptr (OrrBlock) ball = NULL;
  const OrrMaskParam *g, *e;

  g_assert_no_error (error);
  /* the library as made and as opened again from its folder agree */
  g_assert_cmpstr (orr_library_get_key (made), ==, orr_library_get_key (library));
  g_assert_cmpstr (orr_library_get_name (library), ==, "Mechanics");
  g_assert_cmpstr (orr_library_get_key (library), ==, KEY);
  g_assert_cmpstr (orr_library_get_version (library), ==, "1.0");
  g_assert_false (orr_library_is_locked (library));
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));

  blocks = orr_library_list_blocks (library);
  g_assert_cmpuint (g_strv_length (blocks), ==, 1);
  g_assert_cmpstr (blocks[0], ==, BALL);
  /* a new block goes into a palette named after the library */
  g_assert_cmpuint (orr_library_get_n_palettes (library), ==, 1);
  g_assert_cmpstr (orr_library_get_palette_name (library, 0), ==, "Mechanics");
  g_assert_cmpstr (orr_library_get_palette_blocks (library, 0)[0], ==, BALL);
  g_assert_null (orr_library_get_palette_blocks (library, 0)[1]);

  ball = orr_library_load_block (library, BALL, &error);
  g_assert_no_error (error);
  g_assert_true (orr_block_is_super (ball));
  g_assert_null (ball->parent);
  g_assert_cmpstr (ball->label, ==, "Ball");
  g_assert_cmpuint (orr_block_get_port_count (ball, ORR_PORT_OUT), ==, 1);
  g_assert_cmpuint (ball->child->blocks->len, ==, 4);
  g_assert_cmpuint (ball->child->links->len, ==, 3);
  g_assert_nonnull (ball->mask);
  g_assert_cmpuint (ball->mask->params->len, ==, 2);
  g = g_ptr_array_index (ball->mask->params, 0);
  e = g_ptr_array_index (ball->mask->params, 1);
  g_assert_cmpstr (g->name, ==, "g");
  g_assert_cmpstr (g->default_expr, ==, "9.81");
  g_assert_cmpstr (e->name, ==, "e");
  g_assert_cmpstr (e->default_expr, ==, "0.5");
  g_assert_cmpstr (ball->mask->description, ==, "A falling ball.");
  g_assert_nonnull (ball->libref);
  g_assert_cmpstr (ball->libref->library, ==, KEY);
  g_assert_cmpstr (ball->libref->ref, ==, BALL);
  g_assert_cmpstr (ball->libref->version, ==, "1.0");

  g_assert_null (orr_library_load_block (library, "mechanics/Spring", &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* paths stay inside the library */
  g_assert_false (orr_library_add_block (library, "../escape", ball, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
  orr_remove_tree (dir);
}

static void
test_bad_library_file (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  const char *text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<orrery-library format=\"1.0\" key=\"k\" version=\"1.x\">\n"
                     "  <name>Broken</name>\n"
                     "</orrery-library>\n";

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  g_assert_null (orr_library_open (dir, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
  /* the message names the file and the line of the root element */
  expected = g_strdup_printf ("%s:2: ", file);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "1.x"));
  orr_remove_tree (dir);
}

static void
test_reference_round_trip (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) library = make_library (dir, "1.0", TRUE, FALSE);
  OrrBlock *ball = NULL;
  g_autoptr (OrrModel) model = make_model (library, &ball);
  g_autoptr (OrrModel) reloaded = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  g_autofree char *id = g_strdup (ball->id);
  gsize length = 0, again_length = 0;
  OrrBlock *copy;

  /* placing gives fresh ids: the Ball's inside does not reuse the file's */
  g_assert_nonnull (ball->libref);
  g_assert_cmpstr (ball->libref->version, ==, "1.0");
  g_assert_cmpfloat (ball->geometry.x, ==, 100);
  g_assert_cmpfloat (ball->geometry.y, ==, 50);

  data = orr_model_save_to_data (model, &length);
  g_assert_nonnull (strstr (data, " library=\"mech\" ref=\"mechanics/Ball\" version=\"1.0\""));
  reloaded = orr_model_load_data (data, length, "round-trip.orr", &error);
  g_assert_no_error (error);
  copy = orr_model_find_block (reloaded, id);
  g_assert_nonnull (copy);
  g_assert_nonnull (copy->libref);
  g_assert_cmpstr (copy->libref->library, ==, KEY);
  g_assert_cmpstr (copy->libref->ref, ==, BALL);
  g_assert_cmpstr (copy->libref->version, ==, "1.0");
  /* the reference is understood, not kept as an unknown attribute */
  g_assert_cmpuint (copy->foreign_attrs->len, ==, 0);
  g_assert_cmpuint (copy->child->blocks->len, ==, 4);
  again = orr_model_save_to_data (reloaded, &again_length);
  g_assert_cmpstr (again, ==, data);

  /* copy and paste keeps the reference (and gives fresh ids) */
  {
    g_autoptr (GPtrArray) pasted = g_ptr_array_new_with_free_func ((GDestroyNotify)orr_block_unref);
    gsize fragment_length = 0;
    g_autofree char *fragment = orr_fragment_serialize (&copy, 1, &fragment_length);
    OrrBlock *twin;

    g_assert_true (orr_fragment_paste (reloaded, copy->parent, fragment, fragment_length, 20, 20,
                                       pasted, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (pasted->len, ==, 1);
    twin = g_ptr_array_index (pasted, 0);
    g_assert_cmpstr (twin->id, !=, copy->id);
    g_assert_true (orr_library_ref_equal (twin->libref, copy->libref));
  }

  /* a reference is all three attributes or none */
  {
    g_autofree char *broken = g_strdup (data);
    char *at = strstr (broken, " ref=\"mechanics/Ball\"");
    g_autoptr (OrrModel) bad = NULL;

    g_assert_nonnull (at);
    memcpy (at, " xef", 4);
    bad = orr_model_load_data (broken, strlen (broken), "broken.orr", &error);
    g_assert_null (bad);
    g_assert_error (error, ORR_IO_ERROR, ORR_IO_ERROR_INVALID);
    g_assert_true (g_str_has_prefix (error->message, "broken.orr:"));
  }
  orr_remove_tree (dir);
}

static void
test_missing_library (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *other = make_tmp_dir ();
  g_autoptr (OrrLibrary) library = make_library (dir, "1.0", TRUE, FALSE);
  g_autoptr (OrrModel) model = make_model (library, NULL);
  g_autoptr (OrrLibrarySet) with = orr_library_set_new ();
  g_autoptr (OrrLibrarySet) without = orr_library_set_new ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  /* with the library: same version, nothing to say */
  orr_library_set_add_folder (with, dir, FALSE, warnings);
  g_assert_cmpuint (orr_library_set_resolve (with, model, warnings), ==, 1);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_nonnull (orr_library_set_lookup (with, KEY));

  /* the library without the block */
  g_assert_true (orr_library_remove_block (library, BALL, NULL));
  g_assert_cmpuint (orr_library_set_resolve (with, model, warnings), ==, 1);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "Plant/Ball: library 'Mechanics' (version 1.0) has no block 'mechanics/Ball'; "
                   "using the copy stored in the model");
  g_ptr_array_set_size (warnings, 0);

  /* without it (an empty folder of libraries, quiet): a warning naming the
   * block by its path, and the stored copy runs: y(1) = -e g = -1 */
  orr_remove_tree (dir);
  orr_library_set_add_folder (without, other, TRUE, warnings);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_null (orr_library_set_lookup (without, KEY));
  g_assert_cmpuint (orr_library_set_resolve (without, model, warnings), ==, 1);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (warnings, 0), ==,
                   "Plant/Ball: library 'mech' not found; using the copy stored in the model");
  /* resolving changes nothing in the model: the last step is still
   * make_model's last link */
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Connect");
  g_assert_cmpfloat_with_epsilon (final_output (model), -1.0, TOL);

  /* a folder that is not there is reported when asked for */
  g_ptr_array_set_size (warnings, 0);
  orr_library_set_add_folder (without, dir, FALSE, warnings);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "no such library folder"));
  orr_remove_tree (other);
}

static void
test_new_version_refused (void)
{
  g_autofree char *dir1 = make_tmp_dir ();
  g_autofree char *dir2 = make_tmp_dir ();
  g_autofree char *dir3 = make_tmp_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) v1 = make_library (dir1, "1.0", TRUE, FALSE);
  g_autoptr (OrrLibrary) no_e = make_library (dir2, "1.0", FALSE, FALSE);
  g_autoptr (OrrLibrary) no_ball = orr_library_create (dir3, "Mechanics", KEY, &error);

  g_assert_no_error (error);
  g_assert_true (orr_library_set_locked (v1, TRUE, &error));

  g_assert_false (orr_library_new_version (no_e, "1.1", v1, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE);
  g_assert_nonnull (strstr (error->message, "mechanics/Ball: parameter 'e' was removed"));
  g_assert_null (strstr (error->message, "parameter 'g'"));
  g_clear_error (&error);
  g_assert_cmpstr (orr_library_get_version (no_e), ==, "1.0");

  g_assert_false (orr_library_new_version (no_ball, "1.1", v1, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE);
  g_assert_nonnull (strstr (error->message, "mechanics/Ball: the block was removed"));
  g_clear_error (&error);

  /* versions only go up */
  g_assert_false (orr_library_new_version (no_e, "1.0", NULL, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (orr_library_new_version (no_e, "one", NULL, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (orr_library_version_compare ("1.10", "1.9"), >, 0);
  g_assert_cmpint (orr_library_version_compare ("2.0", "10.0"), <, 0);

  orr_remove_tree (dir1);
  orr_remove_tree (dir2);
  orr_remove_tree (dir3);
}

static void
test_new_version_and_update (void)
{
  g_autofree char *dir1 = make_tmp_dir ();
  g_autofree char *dir2 = make_tmp_dir ();
  g_autofree char *dir3 = make_tmp_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) v1 = make_library (dir1, "1.0", TRUE, FALSE);
  g_autoptr (OrrLibrary) v2 = NULL;
  g_autoptr (OrrModel) scratch = orr_model_new ();
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autoptr (OrrLibrary) no_e = make_library (dir3, "1.2", FALSE, FALSE);
  OrrBlock *ball = NULL, *other_ball = NULL;
  g_autoptr (OrrModel) model = make_model (v1, &ball);
  g_autoptr (OrrModel) other = make_model (v1, &other_ball);
  g_autoptr (OrrLibrarySet) set = orr_library_set_new ();
  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *id = g_strdup (ball->id);

  /* the author's way: release 1.0, copy it, improve the copy */
  g_assert_true (orr_library_set_locked (v1, TRUE, &error));
  v2 = orr_library_copy_to (v1, dir2, &error);
  g_assert_no_error (error);
  g_assert_false (orr_library_is_locked (v2));
  g_assert_cmpstr (orr_library_get_key (v2), ==, KEY);
  g_assert_cmpstr (orr_library_get_version (v2), ==, "1.0");
  g_assert_true (orr_library_has_block (v2, BALL));
  g_assert_true (orr_library_add_block (v2, BALL, build_ball (scratch, TRUE, TRUE), &error));
  g_assert_no_error (error);
  g_assert_true (orr_library_new_version (v2, "1.1", v1, &error));
  g_assert_no_error (error);
  reopened = orr_library_open (dir2, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (orr_library_get_version (reopened), ==, "1.1");

  /* both folders installed: the newer one answers for the key */
  orr_library_set_add_folder (set, dir1, FALSE, warnings);
  orr_library_set_add_folder (set, dir2, FALSE, warnings);
  g_assert_cmpuint (warnings->len, ==, 0);
  g_assert_cmpstr (orr_library_get_version (orr_library_set_lookup (set, KEY)), ==, "1.1");
  g_assert_cmpuint (orr_library_set_resolve (set, other, warnings), ==, 1);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0),
                            "Plant/Ball: library 'Mechanics' "
                            "has version 1.1, the model uses 1.0"));

  g_assert_cmpfloat_with_epsilon (final_output (model), -1.0, TOL);
  g_assert_true (orr_model_update_library_block (model, ball, v2, &error));
  g_assert_no_error (error);
  g_assert_true (ball == orr_model_find_block (model, id));
  g_assert_cmpstr (ball->label, ==, "Ball");
  g_assert_cmpstr (ball->libref->version, ==, "1.1");
  g_assert_cmpstr (orr_block_get_param (ball, "g"), ==, "2");
  g_assert_cmpstr (orr_block_get_param (ball, "e"), ==, "0.5");
  g_assert_cmpuint (ball->mask->params->len, ==, 3);
  g_assert_cmpuint (ball->child->blocks->len, ==, 4);
  g_assert_cmpuint (ball->child->links->len, ==, 3);
  /* the new content with the kept values, r at its default 0.1:
   * y(1) = -e (g - r) = -0.5 * 1.9 */
  g_assert_cmpfloat_with_epsilon (final_output (model), -0.95, TOL);
  /* the other model keeps running on 1.0 */
  g_assert_cmpstr (other_ball->libref->version, ==, "1.0");
  g_assert_cmpfloat_with_epsilon (final_output (other), -1.0, TOL);

  /* one undo step back to 1.0 */
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Update Library Block");
  g_assert_true (orr_model_undo (model));
  g_assert_cmpstr (ball->libref->version, ==, "1.0");
  g_assert_cmpuint (ball->mask->params->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (final_output (model), -1.0, TOL);
  g_assert_true (orr_model_redo (model));
  g_assert_cmpfloat_with_epsilon (final_output (model), -0.95, TOL);

  /* only 1.0 installed for a model at 1.1 */
  {
    g_autoptr (OrrLibrarySet) old_only = orr_library_set_new ();

    g_ptr_array_set_size (warnings, 0);
    orr_library_set_add_folder (old_only, dir1, FALSE, warnings);
    g_assert_cmpuint (orr_library_set_resolve (old_only, model, warnings), ==, 1);
    g_assert_cmpuint (warnings->len, ==, 1);
    g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0),
                              "Plant/Ball: library 'Mechanics' has version 1.0, older than the 1.1 "
                              "the model uses"));
  }

  /* a version without e, which the block sets: refused, nothing changed */
  g_assert_false (orr_model_update_library_block (model, ball, no_e, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INCOMPATIBLE);
  g_assert_nonnull (strstr (error->message, "Plant/Ball"));
  g_assert_nonnull (strstr (error->message, "'e'"));
  g_assert_cmpstr (ball->libref->version, ==, "1.1");
  g_assert_cmpstr (orr_model_get_undo_description (model), ==, "Update Library Block");
  g_assert_cmpfloat_with_epsilon (final_output (model), -0.95, TOL);
  g_clear_error (&error);

  /* a library with another key is not this block's */
  {
    g_autofree char *dir4 = make_tmp_dir ();
    g_autoptr (OrrLibrary) stranger = orr_library_create (dir4, "Other", "other", &error);

    g_assert_no_error (error);
    g_assert_false (orr_model_update_library_block (model, ball, stranger, &error));
    g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
    g_assert_nonnull (
      strstr (error->message, "Plant/Ball: the block does not come from library 'Other'"));
    orr_remove_tree (dir4);
  }

  orr_remove_tree (dir1);
  orr_remove_tree (dir2);
  orr_remove_tree (dir3);
}

static void
test_lock (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) library = make_library (dir, "1.0", TRUE, FALSE);
  g_autoptr (OrrLibrary) reopened = NULL;
  g_autoptr (OrrModel) scratch = orr_model_new ();
  OrrBlock *gain = add_block (scratch, "Gain", "Gain", 1, 1, 0, 0, "gain", "3", NULL);
  g_auto (GStrv) blocks = NULL;
  const char *names[] = { "Balls" };
  const char *balls[] = { BALL, NULL };
  const char *const *palettes[] = { balls };

  g_assert_true (orr_library_set_locked (library, TRUE, &error));
  reopened = orr_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_true (orr_library_is_locked (reopened));

  g_assert_false (orr_library_add_block (reopened, "math/Triple", gain, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED);
  g_clear_error (&error);
  g_assert_false (orr_library_remove_block (reopened, BALL, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED);
  g_clear_error (&error);
  g_assert_false (orr_library_set_palettes (reopened, names, palettes, 1, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_LOCKED);
  g_clear_error (&error);
  blocks = orr_library_list_blocks (reopened);
  g_assert_cmpuint (g_strv_length (blocks), ==, 1);
  g_clear_pointer (&blocks, g_strfreev);

  /* unlocked: a single configured block is welcome, palettes change, and
   * removing takes the file, its emptied folder and its entries away */
  g_assert_true (orr_library_set_locked (reopened, FALSE, &error));
  g_assert_true (orr_library_add_block (reopened, "math/Triple", gain, &error));
  g_assert_no_error (error);
  g_assert_true (orr_library_set_palettes (reopened, names, palettes, 1, &error));
  g_assert_no_error (error);
  g_assert_true (orr_library_remove_block (reopened, BALL, &error));
  g_assert_no_error (error);
  blocks = orr_library_list_blocks (reopened);
  g_assert_cmpuint (g_strv_length (blocks), ==, 1);
  g_assert_cmpstr (blocks[0], ==, "math/Triple");
  {
    g_autofree char *folder = g_build_filename (dir, "mechanics", NULL);
    g_autoptr (OrrLibrary) again = orr_library_open (dir, &error);

    g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
    g_assert_no_error (error);
    g_assert_cmpuint (orr_library_get_n_palettes (again), ==, 1);
    g_assert_cmpstr (orr_library_get_palette_name (again, 0), ==, "Balls");
    g_assert_null (orr_library_get_palette_blocks (again, 0)[0]);
  }
  orr_remove_tree (dir);
}

static void
test_icon_description_foreign (void)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *spare = make_tmp_dir ();
  g_autofree char *svg = g_build_filename (spare, "ball.svg", NULL);
  g_autofree char *png = g_build_filename (spare, "ball.png", NULL);
  g_autofree char *svg_in_library = g_build_filename (dir, "mechanics", "Ball.svg", NULL);
  g_autofree char *png_in_library = g_build_filename (dir, "mechanics", "Ball.png", NULL);
  g_autofree char *file = g_build_filename (dir, ORR_LIBRARY_FILE, NULL);
  g_autofree char *icon = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (OrrLibrary) library = make_library (dir, "1.0", TRUE, FALSE);
  g_autoptr (OrrLibrary) reopened = NULL;
  const char *extra = "<x:origin xmlns:x=\"urn:example\" site=\"lab\">kept</x:origin>";
  const char *svg_text = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";

  g_assert_true (g_file_set_contents (svg, svg_text, -1, NULL));
  g_assert_true (g_file_set_contents (png, "not really a png", -1, NULL));
  g_assert_null (orr_library_get_block_icon (library, BALL));
  g_assert_true (orr_library_set_block_icon (library, BALL, svg, &error));
  g_assert_no_error (error);
  icon = orr_library_get_block_icon (library, BALL);
  g_assert_cmpstr (icon, ==, svg_in_library);
  g_assert_true (g_file_get_contents (icon, &copied, NULL, NULL));
  g_assert_cmpstr (copied, ==, svg_text);
  /* one icon per block */
  g_assert_true (orr_library_set_block_icon (library, BALL, png, &error));
  g_assert_false (g_file_test (svg_in_library, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (png_in_library, G_FILE_TEST_EXISTS));
  g_assert_false (orr_library_set_block_icon (library, BALL, file, &error));
  g_assert_error (error, ORR_LIBRARY_ERROR, ORR_LIBRARY_ERROR_INVALID);
  g_clear_error (&error);

  /* an element this version does not know survives a save */
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  {
    char *end = strstr (text, "</orrery-library>");

    g_assert_nonnull (end);
    *end = '\0';
    edited = g_strdup_printf ("%s  %s\n</orrery-library>\n", text, extra);
  }
  g_assert_true (g_file_set_contents (file, edited, -1, NULL));
  reopened = orr_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (orr_library_get_description (reopened), ==, "");
  g_assert_true (orr_library_set_description (reopened, "Balls & springs", &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, extra));
  g_assert_nonnull (strstr (text, "<description>Balls &amp; springs</description>"));
  g_clear_object (&reopened);
  reopened = orr_library_open (dir, &error);
  g_assert_cmpstr (orr_library_get_description (reopened), ==, "Balls & springs");

  /* removing the block takes its icon along */
  g_assert_true (orr_library_remove_block (reopened, BALL, &error));
  g_assert_false (g_file_test (png_in_library, G_FILE_TEST_EXISTS));
  orr_remove_tree (dir);
  orr_remove_tree (spare);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* no user's installed libraries in these tests */
  data_home = make_tmp_dir ();
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_add_func ("/library/create-reopen-load", test_create_reopen_load);
  g_test_add_func ("/library/bad-library-file", test_bad_library_file);
  g_test_add_func ("/library/reference-round-trip", test_reference_round_trip);
  g_test_add_func ("/library/missing-library", test_missing_library);
  g_test_add_func ("/library/new-version-refused", test_new_version_refused);
  g_test_add_func ("/library/new-version-and-update", test_new_version_and_update);
  g_test_add_func ("/library/lock", test_lock);
  g_test_add_func ("/library/icon-description-foreign", test_icon_description_foreign);
  status = g_test_run ();
  g_rmdir (data_home);
  return status;
}
