"""The README's pictures of Scattergories played from phones, into docs/phones/: a player's
sheet being typed against the timer, and every sheet after time's up with a challenge
being voted, as headless Chromium shows them on a phone.

    python -m tools.sgshots [FOLDER]      (FOLDER: docs/phones unless named)

A round of four players (Alex, Sam, Robin, Jo) on the headless simulator serving phones
(--http), list 1, its seed fixed (tools.phoneshots'), or the first after it whose die
gives C, the letter the sheets are written for (a game's seed takes the time of its start,
which a change to the firmware may move). One Chromium is Sam's phone; the others are
plain requests. As with tools.phoneshots, the same run draws the
same pictures, and one unchanged is not written again: the command leaves `git status`
clean, as test_readme_pictures.py checks (on this machine's Chromium and fonts).
"""

import time
from pathlib import Path

from tools.firmware import import_firmware
from tools.phones import SCATTERGORIES, START, Phone
from tools.phoneshots import PACE, SIZE, TOKEN, Table, folder, page_picture, take, until

FOUR_PLAYERS = SCATTERGORIES + START
ALEX, SAM, ROBIN, JO = range(4)
SHOTS = ("sg-sheet", "sg-sheets")
# List 1 with the letter C (the seed's first round), one sheet each; "" left blank.
SHEETS = {
    ALEX: "Clamp,Cheetah,Cereal,Cooking,Carpenter,Car,Cairo,Clouds,Carousel,Comb,Curie,Chair",
    SAM: "Chisel,The Cheetah,Croissant,Chess,Chef,Cart,Canberra,Comet,Candy floss,,"
    "Copernicus,Cardboard",
    ROBIN: "Crowbar,Crocodile,Crumpets,Climbing,Cook,Caravan,Copenhagen,Constellation,Clown,"
    "Conditioner,Marie Curie,Clothes",
    JO: "Chisel,Cobra,Cabbage,Crafts,Cashier,Cycle,Caracas,Clouds,Coconut shy,Cotton buds,,Cape",
}
TYPED_FIRST = 7  # Sam's fields typed when the first picture is taken
LETTER = "C"  # the one the sheets are written for


def seed_for(letter, seed, started):
    """The device's seed, `seed` or the first after it, whose game begun at the tick
    `started` throws `letter` first (app/scattergories_game.py: the game's seed is the
    device's and its start's)."""
    rules = import_firmware("games.scattergories")  # the device's own die
    while rules.LetterDie((seed + started) & 0xFFFFFFFF).throw()[-1] != letter:
        seed += 1
    return seed


class Round(Table):
    shows_the_address = False  # no join screen: any free port

    def send(self, player, message):
        time.sleep(PACE)
        status, data = self.phones[player].json("POST", "/api/act", message)
        if status != 200:
            raise RuntimeError("the device refused %s: %s" % (message, data))

    def type(self, fields):
        answers = SHEETS[SAM].split(",")
        for c in fields:
            self.browser.find_element("id", "sg-a%d" % c).send_keys(answers[c])
        self.browser.find_element("id", "sg-a%d" % fields[-1]).send_keys("\t")
        self.shows("Saved on the Scanner.")

    def play(self):
        _, state = self.device.run(FOUR_PLAYERS)
        started = state["session"]["state"]["seed"] - self.device.seed
        seed = seed_for(LETTER, self.device.seed, started)
        if seed != self.device.seed:  # the game again, on a device that deals C
            self.device.close()
            self.boot(Path(str(self.state_dir) + "-%d" % seed), seed)
            self.device.run(FOUR_PLAYERS)
        device = self.device
        self.phones[ALEX] = Phone(device.port)
        self.phones[ALEX].join(ALEX)
        self.browser.get(device.page())  # a phone of its own: its own address
        self.click('#teams button[data-team="%d"]' % SAM)
        until(lambda: self.browser.execute_script("return localStorage.getItem('%s')" % TOKEN))
        for player in (ROBIN, JO):
            time.sleep(PACE)
            self.phones[player] = Phone(device.port)
            self.phones[player].join(player)
        device.run("press B\npress B\npress B\npress B")  # all in; roll, the letter, go
        for player in (ALEX, ROBIN, JO):
            self.send(player, {"answers": SHEETS[player].split(",")})
        device.run("wait 78000")  # 1:42 left
        self.shows("1:4")
        self.type(range(TYPED_FIRST))
        self.browser.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
        self.shot("sg-sheet")
        self.type(range(TYPED_FIRST, 12))
        device.run("wait 110000")  # time's up
        self.shows("Time's up!")
        self.send(ALEX, {"challenge": [JO, 2]})  # Cabbage, for breakfast?
        self.send(ALEX, {"vote": False})
        self.send(JO, {"vote": True})
        self.shows("So far 1 accept, 1 reject")
        self.screen("sg-sheets")

    def screen(self, name):
        """The top of the page, a screen and a half of it: the vote and the first sheet
        (the others go on below, as the phone scrolls)."""
        time.sleep(0.3)
        self.metrics(SIZE[1] * 3 // 2)
        self.browser.execute_script("window.scrollTo(0, 0)")
        page_picture(self.browser, self.out / (name + ".png"))
        self.metrics(SIZE[1])


def main(argv=None):
    take(Round, folder(argv, "python -m tools.sgshots", __doc__))


if __name__ == "__main__":
    main()
