if a > 0
  b = int8(100) + int8(100);
elseif a < 0
  b = 'text';
else
  b = 1:0.1:2;
end