"""The teams' phones on the device, for the Quizzer (the main menu's "Phones joined"):
each team (or player) and whether a phone plays for it. OK on one that has a phone asks,
then frees it, for a phone lost or changing hands: that phone's token is refused from
then on (a power cut too: it is saved), another phone may join as that team, and until
one does the team plays on the device's buttons, as one that never had a phone.

Loaded only while the Quizzer uses it, and let go after (net.phones' _let_go): each
string here is interned for good once it loads, and the phones' page never needs it.
"""

from app.dialogs import Confirm
from app.widgets import Item, ListMenu
from net.phones import SAVE


def Phones(net):
    table = net.table

    def items(app):
        return [
            Item(name, ask, lambda app, i=i: "phone" if table["tokens"][i] else "no phone")
            for i, name in enumerate(table["names"])
        ]

    def ask(app, now):
        team = app.screen.sel
        name = table["names"][team]
        if table["tokens"][team] is None:
            return  # no phone to free

        def free(app, now):
            table["tokens"][team] = net.where[team] = None
            net.dev.save(SAVE, table)

        message = (
            "%s's phone stops playing. Another phone may join as %s, or %s plays on without one."
        )
        app.push(Confirm("Free %s?" % name, message % (name, name, name), free), now)

    return ListMenu("Phones joined", items)
