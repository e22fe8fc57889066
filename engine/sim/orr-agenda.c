/* orr-agenda.c: an indexed binary min-heap of pending events.
 *
 * The key is (time, programming sequence number); the index from slot to
 * heap position lets a re-programmed slot move in O(log n) instead of
 * leaving stale entries behind, so the heap never holds more entries than
 * there are sources.
 *
 * DESIGN: owns events and the agenda: the pending events themselves, behind
 * orr-agenda.h; nothing of OrrSimulation.
 */

#include <math.h>

#include "orr-agenda.h"

typedef struct
{
  double t;
  guint64 seq;
  int slot;
} Entry;

struct _OrrAgenda
{
  int n_slots;
  int size;
  Entry *heap;
  int *position; /* per slot: index in heap, -1 when not pending */
  guint64 next_seq;
};

OrrAgenda *
orr_agenda_new (int n_slots)
{
  OrrAgenda *agenda = g_new0 (OrrAgenda, 1);

  agenda->n_slots = n_slots;
  agenda->heap = g_new0 (Entry, MAX (n_slots, 1));
  agenda->position = g_new (int, MAX (n_slots, 1));
  orr_agenda_clear (agenda);
  return agenda;
}

void
orr_agenda_free (OrrAgenda *agenda)
{
  if (agenda == NULL)
    return;
  g_free (agenda->heap);
  g_free (agenda->position);
  g_free (agenda);
}

void
orr_agenda_clear (OrrAgenda *agenda)
{
  agenda->size = 0;
  agenda->next_seq = 0;
  for (int i = 0; i < agenda->n_slots; i++)
    agenda->position[i] = -1;
}

static inline gboolean
before (const Entry *a, const Entry *b)
{
  return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

static inline void
put (OrrAgenda *agenda, int i, Entry e)
{
  agenda->heap[i] = e;
  agenda->position[e.slot] = i;
}

static void
sift_up (OrrAgenda *agenda, int i)
{
  Entry e = agenda->heap[i];

  while (i > 0)
    {
      int parent = (i - 1) / 2;

      if (!before (&e, &agenda->heap[parent]))
        break;
      put (agenda, i, agenda->heap[parent]);
      i = parent;
    }
  put (agenda, i, e);
}

static void
sift_down (OrrAgenda *agenda, int i)
{
  Entry e = agenda->heap[i];

  for (;;)
    {
      int child = 2 * i + 1;

      if (child >= agenda->size)
        break;
      if (child + 1 < agenda->size && before (&agenda->heap[child + 1], &agenda->heap[child]))
        child++;
      if (!before (&agenda->heap[child], &e))
        break;
      put (agenda, i, agenda->heap[child]);
      i = child;
    }
  put (agenda, i, e);
}

static void
remove_at (OrrAgenda *agenda, int i)
{
  int slot = agenda->heap[i].slot;

  agenda->position[slot] = -1;
  agenda->size--;
  if (i == agenda->size)
    return;
  put (agenda, i, agenda->heap[agenda->size]);
  if (i > 0 && before (&agenda->heap[i], &agenda->heap[(i - 1) / 2]))
    sift_up (agenda, i);
  else
    sift_down (agenda, i);
}

void
orr_agenda_schedule (OrrAgenda *agenda, int slot, double t)
{
  Entry e = { t, agenda->next_seq++, slot };

  g_return_if_fail (slot >= 0 && slot < agenda->n_slots);

  if (agenda->position[slot] >= 0)
    remove_at (agenda, agenda->position[slot]);
  put (agenda, agenda->size++, e);
  sift_up (agenda, agenda->size - 1);
}

void
orr_agenda_cancel (OrrAgenda *agenda, int slot)
{
  g_return_if_fail (slot >= 0 && slot < agenda->n_slots);

  if (agenda->position[slot] >= 0)
    remove_at (agenda, agenda->position[slot]);
}

gboolean
orr_agenda_is_pending (OrrAgenda *agenda, int slot)
{
  g_return_val_if_fail (slot >= 0 && slot < agenda->n_slots, FALSE);

  return agenda->position[slot] >= 0;
}

double
orr_agenda_peek_time (OrrAgenda *agenda)
{
  return agenda->size > 0 ? agenda->heap[0].t : INFINITY;
}

int
orr_agenda_pop (OrrAgenda *agenda, double *t)
{
  int slot;

  if (agenda->size == 0)
    return -1;
  slot = agenda->heap[0].slot;
  if (t != NULL)
    *t = agenda->heap[0].t;
  remove_at (agenda, 0);
  return slot;
}
