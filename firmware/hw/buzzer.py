"""A passive piezo on a PWM pin, playing named tunes without ever blocking.

`play()` starts a tune and returns at once; `update(now)`, called on every button poll,
moves to the next note when its time is up (deadlines are absolute, so a late poll does
not stretch the tune). Volume is the PWM duty: a piezo is loudest at 50%.
"""

import ticks

# name -> notes: (frequency in Hz, 0 for a rest; milliseconds)
TUNES = {
    "click": ((2000, 12),),
    "tick": ((1760, 30),),
    "start": ((880, 90), (0, 30), (1320, 140)),
    "warning": ((988, 120), (0, 80), (988, 120)),
    "end": ((784, 220), (587, 220), (392, 600)),
    "win": ((523, 130), (659, 130), (784, 130), (1047, 400)),
    "refused": ((220, 160), (0, 60), (185, 300)),
    "error": ((196, 500),),
    "door": ((660, 70), (880, 70), (1175, 140)),
    "settle": ((1047, 40), (0, 40), (784, 120)),  # the letter die comes to rest
    "score": ((1047, 90), (1319, 180)),
    "tie": ((784, 150), (0, 60), (784, 150)),
    "flip": ((1175, 50), (1568, 60)),
    "pause": ((587, 80), (0, 40), (440, 120)),
    "scale": tuple((f, 160) for f in (523, 587, 659, 698, 784, 880, 988, 1047)),
}
DUTY = (0, 1300, 6500, 32768)  # silent, volume 1, 2, 3


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm
        self.tune = None
        self.note = 0
        self.until = 0
        self.duty = DUTY[2]
        self.silence()

    def silence(self):
        self.pwm.duty_u16(0)
        self.tune = None

    def play(self, name, volume, now):
        """Starts tune `name` (an unknown name plays "error")."""
        self.tune = TUNES.get(name) or TUNES["error"]
        self.duty = DUTY[min(3, max(0, volume))]
        self.note = 0
        self._sound(self.tune[0], now)

    def _sound(self, note, start):
        freq, ms = note
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(self.duty)
        else:
            self.pwm.duty_u16(0)
        self.until = ticks.add(start, ms)

    def update(self, now):
        if self.tune is None or not ticks.reached(now, self.until):
            return
        self.note += 1
        if self.note >= len(self.tune):
            self.silence()
        else:
            self._sound(self.tune[self.note], self.until)

    def playing(self):
        return self.tune is not None
