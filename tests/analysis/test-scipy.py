#!/usr/bin/env python3
"""test-scipy.py ORRERY_SIM SRCDIR: orrery-sim linearize cross-checked
against an independent implementation, scipy.signal: frequency responses
of the linearized models against scipy's from the closed-form transfer
functions, and the context language's place() against
scipy.signal.place_poles (the same gain for one input, where it is
unique; the same closed-loop poles for two)."""
import json
import os
import subprocess
import sys

import numpy as np
from scipy import signal

ORRERY_SIM, SRC = sys.argv[1], sys.argv[2]
W = [0.0, 0.05, 0.3, 1.0, 2.0, 3.0, 4.5, 10.0, 100.0]


def linearize(model, *args, w=W):
    cmd = [ORRERY_SIM, 'linearize', os.path.join(SRC, model), '--format', 'json',
           '--frequencies', ','.join(str(x) for x in w)] + list(args)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def response(lin, i=0):
    """H of channel i at each frequency, as complex numbers."""
    return np.array([complex(f['H'][i]['re'], f['H'][i]['im']) for f in lin['frequency_response']])


def close(a, b, tol, what):
    a, b = np.asarray(a), np.asarray(b)
    err = np.max(np.abs(a - b) / np.maximum(1.0, np.abs(b)))
    print(f'{what}: largest relative difference {err:.3g}')
    assert err < tol, f'{what}: {a} != {b}'


# TransferFunction (s + 3) / (s^2 + 2 s + 10)
lin = linearize('tf.orr', '--block', 'Filter')
_, h = signal.freqs([1, 3], [1, 2, 10], worN=W)
close(response(lin), h, 1e-8, 'TransferFunction frequency response')
num, den = signal.ss2tf(np.array(lin['A']), np.array(lin['B']), np.array(lin['C']),
                        np.array(lin['D']))
close(num[0] / den[0], [0, 1, 3], 1e-8, 'TransferFunction numerator')
close(den, [1, 2, 10], 1e-8, 'TransferFunction denominator')

# mass-spring-damper, the whole model: 1 / (m s^2 + c s + k)
lin = linearize('msd.orr')
_, h = signal.freqs([1], [2, 0.6, 8], worN=W)
close(response(lin), h, 1e-8, 'mass-spring-damper frequency response')

# the pendulum's plant, input 1 to outputs 1 and 2, against scipy's own
# frequency response of the closed-form state space (x = [z th z' th'])
# (not at w = 0: a double pole there)
WP = [x for x in W if x > 0]
lin = linearize('pendulum.orr', '--block', 'pendulum', '--inputs', '1', '--outputs', '1,2', w=WP)
A = np.array([[0, 0, 1, 0], [0, 0, 0, 1], [0, -147 / 85, 0, 0], [0, 2940 / 119, 0, 0]])
B = np.array([[0], [0], [4 / 17], [-60 / 119]])
C = np.array([[1, 0, 0, 0], [0, 1, 0, 0]])
D = np.zeros((2, 1))
for i in range(2):
    _, h = signal.freqresp(signal.StateSpace(A, B, C[i:i + 1], D[i:i + 1]), w=WP)
    mine = response(lin, i)
    close(mine, h, 1e-6, f'pendulum output {i + 1} frequency response')

# place() in a model's context (tests/analysis/place.orr), read back as the
# outputs of Constant blocks at the operating point
lin = subprocess.run([ORRERY_SIM, 'linearize', os.path.join(SRC, 'place.orr'), '--block', 'Gains',
                      '--format', 'json'], capture_output=True, text=True, check=True).stdout
y0 = np.array(json.loads(lin)['y0']).ravel()
K = y0[0:4]
K2 = y0[4:12].reshape((2, 4), order='F')
Kc = y0[12:16]
poles = [-1, -2, -3, -4]
ref = signal.place_poles(A, B, poles).gain_matrix.ravel()
close(K, ref, 1e-6, 'place, one input, against scipy.signal.place_poles')
refc = signal.place_poles(A, B, [-1 + 2j, -1 - 2j, -3, -5]).gain_matrix.ravel()
close(Kc, refc, 1e-6, 'place, complex poles, against scipy.signal.place_poles')
B2 = np.hstack([B, [[0], [0], [1], [0]]])
mine = np.sort(np.linalg.eigvals(A - B2 @ K2).real)
theirs = np.sort(np.linalg.eigvals(A - B2 @ signal.place_poles(A, B2, poles).gain_matrix).real)
close(mine, poles[::-1], 1e-6, 'place, two inputs: closed-loop poles')
close(theirs, poles[::-1], 1e-6, 'scipy place_poles, two inputs: closed-loop poles')

# the MATLAB file (libmatio) holds the same matrices, read by scipy.io
import tempfile
from scipy import io as sio
with tempfile.TemporaryDirectory() as tmp:
    mat = os.path.join(tmp, 'pendulum.mat')
    subprocess.run([ORRERY_SIM, 'linearize', os.path.join(SRC, 'pendulum.orr'), '--block',
                    'pendulum', '--inputs', '1', '--outputs', '1,2', '--format', 'mat', '-o', mat],
                   check=True, capture_output=True)
    m = sio.loadmat(mat)
    close(m['A'], A, 1e-6, 'MATLAB file: A')
    close(m['B'], B, 1e-6, 'MATLAB file: B')
    close(m['C'], C, 1e-12, 'MATLAB file: C')
    assert m['D'].shape == (2, 1) and float(m['Ts'][0][0]) == 0.0

# orrery-sim trim: the seed's equilibrium input on a ramp, (M + m) g sin(phi)
out = subprocess.run([ORRERY_SIM, 'trim', os.path.join(SRC, 'pendulum.orr'), '--block', 'pendulum',
                      '--vary', 'U', '--set', 'phi=0.001', '--format', 'json'],
                     capture_output=True, text=True, check=True).stdout
trim = json.loads(out)
close(trim['variables']['U'], 5 * 9.8 * np.sin(0.001), 1e-9, 'trim: U on a ramp')
assert max(abs(v) for v in trim['residuals'].values()) < 1e-9
assert list(trim['residuals']) == [f'der pendulum/p4[{i}]' for i in range(1, 5)]

# the same equilibrium as a MATLAB file, and as text in a file (-o)
with tempfile.TemporaryDirectory() as tmp:
    trim_args = [ORRERY_SIM, 'trim', os.path.join(SRC, 'pendulum.orr'), '--block', 'pendulum',
                 '--vary', 'U', '--set', 'phi=0.001']
    mat = os.path.join(tmp, 'trim.mat')
    subprocess.run(trim_args + ['--format', 'mat', '-o', mat], check=True, capture_output=True)
    m = sio.loadmat(mat)
    assert [str(c[0][0]) for c in m['var_names']] == ['U']
    close(m['vars'].ravel(), [5 * 9.8 * np.sin(0.001)], 1e-9, 'trim MATLAB file: U')
    assert m['x'].shape == (4, 1) and np.all(m['x'] == 0)
    assert [str(c[0][0]) for c in m['residual_names']] == list(trim['residuals'])
    assert np.max(np.abs(m['residuals'])) < 1e-9
    assert float(m['residual_norm'][0][0]) == max(abs(v) for v in trim['residuals'].values())
    assert 'Gauss-Newton' in str(m['method'][0])
    txt = os.path.join(tmp, 'trim.txt')
    subprocess.run(trim_args + ['-o', txt], check=True, capture_output=True)
    with open(txt) as f:
        text = f.read()
    line = [x for x in text.splitlines() if x.strip().startswith('U = ')]
    close([float(line[0].split('=')[1])], [5 * 9.8 * np.sin(0.001)], 1e-9, 'trim text: U')
    assert 'der pendulum/p4[4]' in text
    r = subprocess.run(trim_args + ['--format', 'mat'], capture_output=True, text=True)
    assert r.returncode == 2 and '--output' in r.stderr, r

# no equilibrium: the pendulum held 0.1 rad off the top cannot be brought
# to rest by the input bias alone; the failure says so, naming the
# residuals that stay, with the exit status of an analysis without answer
r = subprocess.run([ORRERY_SIM, 'trim', os.path.join(SRC, 'pendulum.orr'), '--block', 'pendulum',
                    '--vary', 'U', '--set', 'th0=0.1'], capture_output=True, text=True)
print(r.stderr.strip())
assert r.returncode == 3 and 'no equilibrium' in r.stderr, r
assert 'der pendulum/p4[4]' in r.stderr, r

# failures say what is wrong, with the exit status of a model error (1) or
# a wrong command line (2)
r = subprocess.run([ORRERY_SIM, 'linearize', os.path.join(SRC, 'pendulum.orr'), '--block', 'nosuch'],
                   capture_output=True, text=True)
assert r.returncode == 1 and 'nosuch' in r.stderr, r
r = subprocess.run([ORRERY_SIM, 'linearize', os.path.join(SRC, 'pendulum.orr'), '--inputs', 'x'],
                   capture_output=True, text=True)
assert r.returncode == 2 and '--inputs' in r.stderr, r
# orrery-sim --solve-loops: the three-block loop (tests/analysis/loop-three.orr)
# without its model setting is refused naming every block; with the option
# it is solved, y = u / (1 + k a) = u / 2 at every recorded point
with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(SRC, 'loop-three.orr')) as f:
        text = f.read().replace(' solve-loops="true"', '')
    model = os.path.join(tmp, 'loop.orr')
    with open(model, 'w') as f:
        f.write(text)
    r = subprocess.run([ORRERY_SIM, model, '-o', os.path.join(tmp, 'no.csv')],
                       capture_output=True, text=True)
    assert r.returncode != 0 and 'Difference, Plant/Half, Feedback' in r.stderr, r
    csv = os.path.join(tmp, 'yes.csv')
    subprocess.run([ORRERY_SIM, model, '--solve-loops', '-o', csv], check=True,
                   capture_output=True)
    rows = np.loadtxt(csv, delimiter=',', skiprows=1)
    assert len(rows) > 50
    close(rows[:, 2], rows[:, 1] / 2, 1e-12, 'orrery-sim --solve-loops: y = u / 2')

print('all cross-checks hold')
