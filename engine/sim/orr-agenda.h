/* orr-agenda.h: the simulator's event queue (private).
 *
 * One slot per activation source (plus the base clock): a slot holds at
 * most one pending event, so programming a slot again moves its event.
 * Events come out by time, and at equal times in the order they were
 * programmed (FIFO), which is what makes a zero-delay event run after the
 * activation that programmed it.
 *
 * DESIGN: events and the agenda: the pending events' heap, used only
 * through orr-activation.c (sim->events.agenda).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _OrrAgenda OrrAgenda;

OrrAgenda *orr_agenda_new (int n_slots);
void orr_agenda_free (OrrAgenda *agenda);
void orr_agenda_clear (OrrAgenda *agenda);

/* Programs (or moves) slot's event to time t. */
void orr_agenda_schedule (OrrAgenda *agenda, int slot, double t);
void orr_agenda_cancel (OrrAgenda *agenda, int slot);
gboolean orr_agenda_is_pending (OrrAgenda *agenda, int slot);
/* The time of the next event; +infinity when the agenda is empty. */
double orr_agenda_peek_time (OrrAgenda *agenda);
/* Removes the next event and returns its slot; -1 when empty. */
int orr_agenda_pop (OrrAgenda *agenda, double *t);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (OrrAgenda, orr_agenda_free)

G_END_DECLS
