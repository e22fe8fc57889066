/* random-source.h: what RandomUniform and RandomNormal share. Private to
 * palettes/sources.
 *
 * Reproducible: the block owns a generator (a GRand in block->work, created
 * in init from the seed and freed in terminate), so the same seed gives the
 * same sequence in every run, whatever else the model does. The value shown
 * lives in the discrete state: the outputs job shows it and the state
 * update draws the next one, so the k-th activation outputs the k-th draw
 * even if the outputs job runs twice. The first draw is made in configure,
 * from the same seed, as the state's initial value; init then skips it.
 * The blocks differ in their two parameters and in how they draw. */
#pragma once

#include <orrery/orr-block.h>

G_BEGIN_DECLS

typedef struct
{
  /* the two parameters, each a scalar or a matrix giving the output's
   * size; rpar holds the first for every element, then the second */
  const char *names[2];
  /* FALSE, with error set, if one element's parameters a, b are wrong */
  gboolean (*check) (double a, double b, GError **error);
  /* one value from rand, for an element with parameters a, b */
  double (*draw) (GRand *rand, double a, double b);
} OrrRandomSource;

/* Reads the two parameters and "seed" and declares the block: one output,
 * one activation input, the first draw as the discrete state. */
gboolean orr_random_source_configure (OrrConfig *config, const OrrRandomSource *source,
                                      GError **error);
void orr_random_source_simulate (OrrSimBlock *block, OrrJob job, const OrrRandomSource *source);

G_END_DECLS
