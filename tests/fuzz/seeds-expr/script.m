K = [1 2; 3 4];
x = K \ [5; 6];
for k = 1:3
  y(k) = x(1) * k;
end
